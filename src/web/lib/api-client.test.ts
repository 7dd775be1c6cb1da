import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_SIGNED_IN_MESSAGE, TWO_FACTOR_EVENT } from '@shared/constants.js';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { api, isNetworkFailure, statusOf } from './api-client';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from './offline-discount-card';

/** An adapter answering every call with this status (and body), rejecting non-2xx the way axios' own adapters do. */
function answering(status: number, seen: InternalAxiosRequestConfig[] = [], data: unknown = {}): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response: AxiosResponse = { data, status, statusText: '', headers: {}, config };
    if (config.validateStatus?.(status) ?? true) return response;
    throw new AxiosError(`Request failed with status code ${status}`, 'ERR_BAD_REQUEST', config, null, response);
  };
}

const listeners: Array<() => void> = [];
afterEach(() => listeners.splice(0).forEach((remove) => remove()));

function countTwoFactorEvents(): { count: number } {
  const counter = { count: 0 };
  const listener = () => {
    counter.count += 1;
  };
  window.addEventListener(TWO_FACTOR_EVENT, listener);
  listeners.push(() => window.removeEventListener(TWO_FACTOR_EVENT, listener));
  return counter;
}

describe('api client', () => {
  it('calls under /api with the application version header', async () => {
    const seen: InternalAxiosRequestConfig[] = [];
    await api.get('/staff/self-service/me', { adapter: answering(200, seen) });
    expect(seen[0]?.baseURL).toBe('/api');
    expect(seen[0]?.headers.get('X-Application-version')).toBe('0.0.1');
    expect(seen[0]?.xsrfCookieName).toBe('XSRF-TOKEN');
    expect(seen[0]?.xsrfHeaderName).toBe('X-XSRF-TOKEN');
    expect(seen[0]?.timeout).toBe(0);
  });

  it('counts only 2xx as success', () => {
    const validate = api.defaults.validateStatus!;
    expect([200, 201, 204, 299].map(validate)).toEqual([true, true, true, true]);
    expect([199, 300, 302, 400, 402, 403, 500].map(validate)).toEqual([false, false, false, false, false, false, false]);
  });

  it('sends the XSRF token to its own origin only', () => {
    const withToken = api.defaults.withXSRFToken as (config: { url?: string }) => boolean;
    expect(withToken({ url: '/api/staff/self-service/logout' })).toBe(true);
    expect(withToken({ url: `${window.location.origin}/api/x` })).toBe(true);
    expect(withToken({ url: 'https://evil.example.com/api/x' })).toBe(false);
  });

  it('announces a 402 with the two-factor event and still rejects', async () => {
    const events = countTwoFactorEvents();
    const failure = await api.post('/staff/self-service/financials', {}, { adapter: answering(402) }).catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(402);
    expect(events.count).toBe(1);
  });

  it('does not announce other failures', async () => {
    const events = countTwoFactorEvents();
    const failure = await api.get('/staff/self-service/me', { adapter: answering(403) }).catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(403);
    expect(events.count).toBe(0);
  });
});

describe('the discount card kept for offline use, as answers arrive', () => {
  const keptCard = () => window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY);
  afterEach(() => {
    vi.unstubAllGlobals();
    window.localStorage.clear();
  });
  async function keepOne() {
    vi.stubGlobal('fetch', selfieFetch().fetch);
    signInAs('u1');
    await keepOfflineCard(offlineStatus, null);
    expect(keptCard()).not.toBeNull();
  }
  const call = (status: number, data: unknown = {}) =>
    api.get('/staff/self-service/staff-discount-status', { adapter: answering(status, [], data) }).catch((e: unknown) => e);

  it('goes when an answer says the session has ended: a 401, or a 403 "You are not signed in."', async () => {
    await keepOne();
    await call(401);
    expect(keptCard()).toBeNull();
    await keepOne();
    await call(403, { errors: { message: NOT_SIGNED_IN_MESSAGE } });
    expect(keptCard()).toBeNull();
  });

  it('stays for other refusals and for no answer at all', async () => {
    await keepOne();
    await call(403, { errors: { message: 'This request is missing its security token. Reload the page and try again.' } });
    await call(409);
    await call(500);
    const failed = await api.get('/staff/self-service/me', { adapter: () => Promise.reject(new AxiosError('Network Error', 'ERR_NETWORK')) }).catch((e: unknown) => e);
    expect(isNetworkFailure(failed)).toBe(true);
    expect(keptCard()).not.toBeNull();
  });

  it('tells a call without an answer from one the server refused', async () => {
    expect(isNetworkFailure(await call(503))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(new AxiosError('canceled', 'ERR_CANCELED'))).toBe(false);
  });
});
