import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@web/lib/api-client';
import { createQueryClient } from '@web/lib/query-client';
import { startAt } from '@web/testing/address';
import { networkError } from '@web/testing/http';
import { signInAs } from '@web/testing/offline-card';
import LandingRoute from './landing';

function renderLanding() {
  startAt('/');
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Switch>
        <Route path="/dashboard">
          <p>Dashboard page</p>
        </Route>
        <Route path="/" component={LandingRoute} />
      </Switch>
    </QueryClientProvider>,
  );
}

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  window.localStorage.clear();
});

describe('/ without signal', () => {
  it('goes on to the dashboard, which shows what it kept, when someone is signed in on this phone', async () => {
    signInAs('u1');
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderLanding();
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('shows the failure with Try again and Go to login when nobody is', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderLanding();
    expect((await screen.findByRole('alert')).textContent).toContain('Network Error');
    expect(screen.getByRole('link', { name: 'Go to login' })).toBeTruthy();
  });
});
