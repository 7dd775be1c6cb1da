import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { Route, Switch } from 'wouter';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_SIGNED_IN_MESSAGE } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { OFFLINE_TEXT } from '@web/components/ui/offline-notice';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from '@web/lib/offline-discount-card';
import { loadOfflineMember } from '@web/lib/offline-member';
import { createQueryClient } from '@web/lib/query-client';
import { startAt } from '@web/testing/address';
import { httpError, networkError, ok } from '@web/testing/http';
import { staffMember } from '@web/testing/staff-member';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { NO_OFFLINE_CARD_TEXT } from '@web/features/team-discount/components/offline-discount-card';
import { authStore } from '@web/features/auth/stores/auth-store';
import SignedInLayout from './layout';
import TeamDiscountRoute from './team-discount';

function renderAt(path: string) {
  startAt(path);
  render(
    <QueryClientProvider client={createQueryClient()}>
      <Switch>
        <Route path="/login">
          <p>Login page</p>
        </Route>
        <Route>
          <SignedInLayout>
            <Switch>
              <Route path="/team-discount" component={TeamDiscountRoute} />
              <Route path="/dashboard">
                <p>Dashboard page</p>
              </Route>
              <Route path="/my-details">
                <p>My Details page</p>
              </Route>
            </Switch>
          </SignedInLayout>
        </Route>
      </Switch>
    </QueryClientProvider>,
  );
}

/** A member signed in on this phone whose card was kept, a minute before its code expires. */
async function keptCard() {
  vi.stubGlobal('fetch', selfieFetch().fetch);
  signInAs('u1');
  await keepOfflineCard(offlineStatus, null);
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(2026, 2, 9, 17, 4, 0));
}

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the signed-in frame without signal', () => {
  it('still shows Team Discount, with the kept card, when the member cannot be loaded', async () => {
    await keptCard();
    const get = vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderAt('/team-discount');
    expect((await screen.findByRole('status')).textContent).toBe('Offline: this code is valid until 17:05');
    expect(within(screen.getByRole('article', { name: 'Priya Shah' })).getByText('7-K3Q9ZT2M')).toBeTruthy();
    // The menu still works.
    expect(screen.getByRole('button', { name: 'Open menu' })).toBeTruthy();
    expect(get).toHaveBeenCalledWith('/staff/self-service/me');
  });

  it('without a kept card says so; Try again loads the member and the card once there is signal', async () => {
    const staff = staffMember({ selfie: { data: { id: 's1', uri: '/api/staff/self-service/selfie/s1' } } });
    let signal = false;
    vi.spyOn(api, 'get').mockImplementation(async (path: string) => {
      if (!signal) throw networkError();
      return ok({
        data: path === '/staff/self-service/me' ? staff : { ...offlineStatus, expires: '2099-01-01T00:00:00Z' },
      });
    });
    renderAt('/team-discount');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(NO_OFFLINE_CARD_TEXT);
    signal = true;
    fireEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('article', { name: 'Priya Shah' })).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('shows the dashboard without the member, which draws what was kept', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderAt('/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
  });

  it('shows any other page as the offline notice, which leads to the kept card', async () => {
    await keptCard();
    vi.spyOn(api, 'get').mockRejectedValue(networkError());
    renderAt('/my-details');
    const notice = await screen.findByRole('status');
    expect(notice.textContent).toContain(OFFLINE_TEXT);
    expect(screen.queryByText(/Network Error/)).toBeNull();
    expect(screen.queryByText('My Details page')).toBeNull();
    expect(within(notice).getByRole('button', { name: 'Try again' })).toBeTruthy();
    fireEvent.click(within(notice).getByRole('link', { name: 'Show my discount card' }));
    expect(within(await screen.findByRole('article', { name: 'Priya Shah' })).getByText('7-K3Q9ZT2M')).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Offline: this code is valid until 17:05');
  });

  it('shows an answer from the server as before: its text, with Try again', async () => {
    vi.spyOn(api, 'get').mockRejectedValue(httpError(500, { errors: { message: 'Something broke on our side.' } }));
    renderAt('/my-details');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Something broke on our side.');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Show my discount card' })).toBeNull();
  });

  it('keeps the dashboard’s part of the member once it loads', async () => {
    signInAs('u1');
    vi.spyOn(api, 'get').mockResolvedValue(ok({ data: staffMember({ forename: 'Priya' }) }));
    renderAt('/dashboard');
    expect(await screen.findByText('Dashboard page')).toBeTruthy();
    expect(loadOfflineMember()?.forename).toBe('Priya');
  });

  it('still sends a member whose session ended to sign in, and forgets the kept card', async () => {
    await keptCard();
    vi.spyOn(api, 'get').mockRejectedValue(
      httpError(403, { errors: { message: NOT_SIGNED_IN_MESSAGE, code: 'NOT_SIGNED_IN' } }),
    );
    renderAt('/team-discount');
    expect(await screen.findByText('Login page')).toBeTruthy();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
    expect(authStore.getState().isAuthenticated).toBe(false);
  });
});
