import { afterEach, describe, expect, it, vi } from 'vitest';
import { TWO_FACTOR_EVENT } from '@shared/constants.js';
import { answerFetch } from '@web/testing/fetch-answers';
import { api, statusOf } from './api-client';
import { isApiError } from './api-error';

const listeners: Array<() => void> = [];
afterEach(() => {
  listeners.splice(0).forEach((remove) => remove());
  vi.restoreAllMocks();
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

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
  it('calls under /api of its own origin with the application version header, and answers the body as data', async () => {
    const calls = answerFetch(() => ({ status: 200, data: { data: { id: 'u1' } } }));
    const answer = await api.get('/staff/self-service/me', { params: { page: 1, include: 'type' } });
    expect(answer.data).toEqual({ data: { id: 'u1' } });
    expect(calls[0]?.method).toBe('GET');
    expect(calls[0]?.path).toBe('/staff/self-service/me?page=1&include=type');
    expect(calls[0]?.headers.get('X-Application-version')).toBe('0.0.1');
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toSatisfy((request) => new Request(request as RequestInfo).url.startsWith(`${window.location.origin}/api/`));
  });

  it('posts JSON bodies and echoes the XSRF cookie as its header', async () => {
    document.cookie = 'XSRF-TOKEN=abc%3D123; path=/';
    const calls = answerFetch(() => ({ status: 201, data: { data: {} } }));
    await api.post('/staff/self-service/contact-details', { mobile: '07700 900123' });
    expect(calls[0]?.method).toBe('POST');
    expect(JSON.parse(calls[0]!.body)).toEqual({ mobile: '07700 900123' });
    expect(calls[0]?.headers.get('content-type')).toContain('application/json');
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBe('abc=123');
  });

  it('rejects anything but 2xx with the status and the answer body, once, without retrying', async () => {
    const calls = answerFetch(() => ({ status: 503, data: { errors: { message: 'Try again shortly' } } }));
    const failure = await api.get('/staff/self-service/me').catch((e: unknown) => e);
    expect(isApiError(failure) && failure.response).toEqual({ status: 503, data: { errors: { message: 'Try again shortly' } } });
    expect(statusOf(failure)).toBe(503);
    expect((failure as Error).message).toBe('Request failed with status code 503');
    expect(calls).toHaveLength(1);
  });

  it('rejects a call that got no answer as a network error without a status', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const failure = await api.get('/staff/self-service/me').catch((e: unknown) => e);
    expect(isApiError(failure)).toBe(true);
    expect(statusOf(failure)).toBeUndefined();
    expect((failure as Error).message).toBe('Network Error');
  });

  it('announces a 402 with the two-factor event and still rejects', async () => {
    const events = countTwoFactorEvents();
    answerFetch(() => ({ status: 402, data: { errors: { message: 'Please confirm it is you' } } }));
    const failure = await api.post('/staff/self-service/financials', {}).catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(402);
    expect(events.count).toBe(1);
  });

  it('does not announce other failures', async () => {
    const events = countTwoFactorEvents();
    answerFetch(() => ({ status: 403, data: {} }));
    const failure = await api.get('/staff/self-service/me').catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(403);
    expect(events.count).toBe(0);
  });
});
