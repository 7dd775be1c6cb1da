import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode } from 'react';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from '@web/lib/offline-discount-card';
import { readReturnPath, rememberReturnPath } from '@web/lib/return-path';
import { startAt } from '@web/testing/address';
import { httpError } from '@web/testing/http';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { LoginScreen } from './login-screen';
import { authStore } from '../stores/auth-store';

const user = { id: 'u1', forename: 'Priya', surname: 'Shah', email_address: 'priya.shah@example.com' };

function renderLogin(path: string) {
  startAt(path);
  render(
    <StrictMode>
      {/* No query client: the sign-in screen renders before the query library loads. */}
      <Switch>
        <Route path="/login" component={LoginScreen} />
        <Route path="/dashboard">
          <p>Dashboard page</p>
        </Route>
        <Route path="/vehicles">
          <p>Vehicles page</p>
        </Route>
      </Switch>
    </StrictMode>,
  );
}

const rejection = (status: number, data: unknown) => httpError(status, data);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

describe('LoginScreen', () => {
  it('without a code shows the logo and the Login button, and calls nothing', () => {
    const post = vi.spyOn(api, 'post');
    renderLogin('/login');
    expect(screen.getByRole('img', { name: 'Lantern Inns' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(post).not.toHaveBeenCalled();
  });

  it('with code and state completes sign-in once, keeps the user and goes to /dashboard', async () => {
    const post = vi.spyOn(api, 'post').mockResolvedValue({ data: { user } });
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(post).toHaveBeenCalledTimes(1);
    expect(post).toHaveBeenCalledWith('/staff/self-service/process-authentication', { code: 'abc', state: 'xyz' });
    expect(JSON.parse(window.localStorage.getItem(USER_STORAGE_KEY) ?? 'null')).toEqual(user);
    expect(authStore.getState()).toEqual({ isAuthenticated: true, userData: user });
  });

  it('shows a full-page loader while the code is processed', async () => {
    vi.spyOn(api, 'post').mockReturnValue(new Promise(() => {}));
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByRole('progressbar', { name: 'Signing you in' })).toBeTruthy();
  });

  it('on failure stops the loader and shows the error above the logo, with Login to try again', async () => {
    vi.spyOn(api, 'post').mockRejectedValue(rejection(400, { errors: { message: 'The sign-in link has expired' } }));
    renderLogin('/login?code=abc&state=xyz');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The sign-in link has expired');
    const logo = screen.getByRole('img', { name: 'Lantern Inns' });
    expect(alert.compareDocumentPosition(logo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('progressbar', { name: 'Signing you in' })).toBeNull());
    expect(screen.getByRole('button', { name: 'Login' })).toBeTruthy();
    expect(authStore.getState().isAuthenticated).toBe(false);
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    // The used code and state are gone from the address bar; the message stays.
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(window.location.pathname).toBe('/login');
    expect(screen.getByRole('alert').textContent).toContain('The sign-in link has expired');
  });

  it('cleans the address after a provider refusal too, keeping its message', async () => {
    renderLogin('/login?error=access_denied&error_description=Account%20disabled&state=xyz');
    expect((await screen.findByRole('alert')).textContent).toContain('Account disabled');
    await waitFor(() => expect(window.location.search).toBe(''));
    expect(screen.getByRole('alert').textContent).toContain('Account disabled');
  });

  it('goes back to the page an ended session was on, once, and never to another site', async () => {
    vi.spyOn(api, 'post').mockResolvedValue({ data: { user } });
    rememberReturnPath('/vehicles?tab=mot');
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByText('Vehicles page')).toBeTruthy();
    expect(readReturnPath()).toBeUndefined();

    cleanup();
    rememberReturnPath('//evil.example/phish');
    renderLogin('/login?code=def&state=uvw');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it("forgets the discount card kept for another member on this phone, and keeps the same member's", async () => {
    vi.stubGlobal('fetch', selfieFetch().fetch);
    signInAs('someone-else');
    await keepOfflineCard(offlineStatus, null);
    vi.spyOn(api, 'post').mockResolvedValue({ data: { user } });
    renderLogin('/login?code=abc&state=xyz');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();

    cleanup();
    await keepOfflineCard(offlineStatus, null);
    renderLogin('/login?code=def&state=uvw');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).not.toBeNull();
  });
});
