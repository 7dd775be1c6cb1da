import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { offlineStatus, SELFIE_DATA_URL, selfieFetch, signInAs } from '@web/testing/offline-card';
import {
  clearOfflineData,
  clearOfflineDataOfOthers,
  keepOfflineCard,
  loadOfflineCard,
  OFFLINE_CARD_STORAGE_KEY,
} from './offline-discount-card';
import { clearUser } from './user-storage';

const BEFORE_EXPIRY = new Date(2026, 2, 9, 17, 4, 59).getTime();
const AT_EXPIRY = new Date(2026, 2, 9, 17, 5, 0).getTime();

let server: ReturnType<typeof selfieFetch>;
beforeEach(() => {
  server = selfieFetch();
  vi.stubGlobal('fetch', server.fetch);
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.localStorage.clear();
});

describe('the discount card kept for offline use', () => {
  it('keeps the last card of the signed-in member, with the selfie itself and their age', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, 17);
    expect(server.calls).toEqual([offlineStatus.selfie]);
    expect(loadOfflineCard(BEFORE_EXPIRY)).toEqual({ status: { ...offlineStatus, selfie: SELFIE_DATA_URL }, age: 17 });
  });

  it('is never given out once its code has expired', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    expect(loadOfflineCard(AT_EXPIRY)).toBeNull();
  });

  it('is not given to another member signed in on the same phone, and their sign-in removes it', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    signInAs('u2');
    expect(loadOfflineCard(BEFORE_EXPIRY)).toBeNull();
    clearOfflineDataOfOthers('u2');
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
  });

  it('stays when the same member signs in again', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    clearOfflineDataOfOthers('u1');
    expect(loadOfflineCard(BEFORE_EXPIRY)?.status.code).toBe(offlineStatus.code);
  });

  it('is removed by clearOfflineData (sign-out, session ended)', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    clearOfflineData();
    expect(loadOfflineCard(BEFORE_EXPIRY)).toBeNull();
  });

  it('fetches the picture again only when it changed', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    await keepOfflineCard(
      {
        ...offlineStatus,
        selfie: '/api/rest/file/content/s1?expires=2&disposition=inline&sig=def',
        code: '7-NEWCODE1',
      },
      null,
    );
    expect(server.calls).toHaveLength(1);
    expect(loadOfflineCard(BEFORE_EXPIRY)?.status).toMatchObject({ code: '7-NEWCODE1', selfie: SELFIE_DATA_URL });
    await keepOfflineCard(
      { ...offlineStatus, selfie: '/api/rest/file/content/s2?expires=3&disposition=inline&sig=ghi' },
      null,
    );
    expect(server.calls).toHaveLength(2);
  });

  it('keeps the previous picture when a new one cannot be fetched, and asks for it next time', async () => {
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    vi.stubGlobal('fetch', () => Promise.reject(new TypeError('Failed to fetch')));
    const renewed = { ...offlineStatus, selfie: '/api/rest/file/content/s2?sig=x' };
    await keepOfflineCard(renewed, null);
    expect(loadOfflineCard(BEFORE_EXPIRY)?.status.selfie).toBe(SELFIE_DATA_URL);
    vi.stubGlobal('fetch', server.fetch);
    await keepOfflineCard(renewed, null);
    expect(server.calls).toEqual([offlineStatus.selfie, renewed.selfie]);
  });

  it('keeps nothing without a signed-in user, or when the user signed out while the picture was on its way', async () => {
    await keepOfflineCard(offlineStatus, null);
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();

    signInAs('u1');
    vi.stubGlobal('fetch', async (input: RequestInfo | URL) => {
      clearUser();
      return server.fetch(input);
    });
    await keepOfflineCard(offlineStatus, null);
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
  });

  it('keeps nothing when a newer answer superseded this one', async () => {
    signInAs('u1');
    const superseded = new AbortController();
    const keeping = keepOfflineCard(offlineStatus, null, superseded.signal);
    superseded.abort();
    await keeping;
    expect(window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY)).toBeNull();
  });
});
