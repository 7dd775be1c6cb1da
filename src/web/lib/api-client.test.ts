import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios';
import { afterEach, describe, expect, it } from 'vitest';
import { TWO_FACTOR_EVENT } from '@shared/constants.js';
import { api, statusOf } from './api-client';

/** An adapter answering every call with this status, rejecting non-2xx the way axios' own adapters do. */
function answering(status: number, seen: InternalAxiosRequestConfig[] = []): AxiosAdapter {
  return async (config) => {
    seen.push(config);
    const response: AxiosResponse = { data: {}, status, statusText: '', headers: {}, config };
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
