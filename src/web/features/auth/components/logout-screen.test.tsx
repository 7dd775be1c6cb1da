import { cleanup, render, waitFor } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { USER_STORAGE_KEY } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from '@web/lib/offline-discount-card';
import { createQueryClient } from '@web/lib/query-client';
import { networkError, ok } from '@web/testing/http';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { LogoutScreen } from './logout-screen';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

/** Signs out on a phone holding a kept discount card; answers where the browser was sent. */
async function signOut(answer: () => Promise<{ data: unknown }>) {
  vi.stubGlobal('fetch', selfieFetch().fetch);
  signInAs('u1');
  await keepOfflineCard(offlineStatus, null);
  vi.spyOn(api, 'post').mockImplementation(answer);
  const assign = vi.fn();
  vi.stubGlobal('location', { ...window.location, assign });
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LogoutScreen />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(assign).toHaveBeenCalledWith('/login'));
}

describe('signing out', () => {
  it('forgets the user and the discount card kept for offline use', async () => {
    await signOut(() => Promise.resolve(ok({ data: { signed_out: true } })));
    expect(window.localStorage.getItem(USER_STORAGE_KEY)).toBeNull();
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
  });

  it('forgets them without signal too', async () => {
    await signOut(() => Promise.reject(networkError()));
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
  });
});
