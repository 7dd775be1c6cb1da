import { afterEach, describe, expect, it, vi } from 'vitest';
import { NOT_SIGNED_IN_MESSAGE, TWO_FACTOR_EVENT } from '@shared/constants.js';
import { answerFetch } from '@web/testing/fetch-answers';
import { offlineStatus, selfieFetch, signInAs } from '@web/testing/offline-card';
import { readReturnPath } from './return-path';
import { hostStepUp, settleStepUp } from './step-up';
import { api, isNetworkFailure, statusOf } from './api-client';
import { filenameOf } from './download';
import { isApiError } from './api-error';
import { keepOfflineCard, OFFLINE_CARD_STORAGE_KEY } from './offline-discount-card';

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
    expect(vi.mocked(fetch).mock.calls[0]?.[0]).toSatisfy((request) =>
      new Request(request as RequestInfo).url.startsWith(`${window.location.origin}/api/`),
    );
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
    expect(isApiError(failure) && failure.response).toEqual({
      status: 503,
      data: { errors: { message: 'Try again shortly' } },
    });
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

  it('sends a call refused with 402 again once the step-up is passed, and only once', async () => {
    listeners.push(hostStepUp());
    const passOnAnnounce = () => settleStepUp(true);
    window.addEventListener(TWO_FACTOR_EVENT, passOnAnnounce);
    listeners.push(() => window.removeEventListener(TWO_FACTOR_EVENT, passOnAnnounce));
    let refusals = 1;
    const calls = answerFetch(() =>
      refusals-- > 0
        ? { status: 402, data: { errors: { message: 'Please confirm it is you' } } }
        : { status: 200, data: { data: { saved: true } } },
    );
    await expect(api.post('/staff/self-service/financials', { sort_code: '11-22-33' })).resolves.toEqual({
      data: { data: { saved: true } },
    });
    expect(calls.map((call) => JSON.parse(call.body))).toEqual([{ sort_code: '11-22-33' }, { sort_code: '11-22-33' }]);

    // Refused again after a passed check: the failure reaches the caller, no loop.
    refusals = 5;
    const failure = await api.post('/staff/self-service/financials', {}).catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(402);
    expect(calls).toHaveLength(4);
  });

  it('passes the 402 on when the step-up is cancelled', async () => {
    listeners.push(hostStepUp());
    const cancelOnAnnounce = () => settleStepUp(false);
    window.addEventListener(TWO_FACTOR_EVENT, cancelOnAnnounce);
    listeners.push(() => window.removeEventListener(TWO_FACTOR_EVENT, cancelOnAnnounce));
    const calls = answerFetch(() => ({ status: 402, data: { errors: { message: 'Please confirm it is you' } } }));
    const failure = await api.post('/staff/self-service/financials', {}).catch((e: unknown) => e);
    expect(statusOf(failure)).toBe(402);
    expect(calls).toHaveLength(1);
  });

  it('does not announce other failures', async () => {
    const events = countTwoFactorEvents();
    answerFetch(() => ({ status: 403, data: {} }));
    const failure = await api.get('/staff/self-service/me').catch((e: unknown) => e);
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
    vi.unstubAllGlobals();
    expect(keptCard()).not.toBeNull();
  }
  const call = (status: number, data: unknown = {}) => {
    answerFetch(() => ({ status, data }));
    return api.get('/staff/self-service/staff-discount-status').catch((e: unknown) => e);
  };

  it('goes when an answer says the session has ended: a 401, or a 403 coded NOT_SIGNED_IN', async () => {
    await keepOne();
    await call(401);
    expect(keptCard()).toBeNull();
    await keepOne();
    await call(403, { errors: { message: NOT_SIGNED_IN_MESSAGE, code: 'NOT_SIGNED_IN' } });
    expect(keptCard()).toBeNull();
  });

  it('reads the code, not the text: the same words without the code are a refusal like any other', async () => {
    await keepOne();
    await call(403, { errors: { message: NOT_SIGNED_IN_MESSAGE, code: 'FORBIDDEN' } });
    expect(keptCard()).not.toBeNull();
  });

  it('sends the member to sign in when the session has ended, remembering the page; not for a refusal for lack of a role', async () => {
    window.history.replaceState(null, '', '/vehicles?tab=mot');
    await call(403, { errors: { message: 'You are not allowed to do that.' } });
    expect(window.location.pathname).toBe('/vehicles');
    await call(403, { errors: { message: NOT_SIGNED_IN_MESSAGE, code: 'NOT_SIGNED_IN' } });
    expect(window.location.pathname).toBe('/login');
    expect(readReturnPath()).toBe('/vehicles?tab=mot');
    sessionStorage.clear();
  });

  it('stays for other refusals and for no answer at all', async () => {
    await keepOne();
    await call(403, {
      errors: { message: 'This request is missing its security token. Reload the page and try again.' },
    });
    await call(409);
    await call(500);
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    const failed = await api.get('/staff/self-service/me').catch((e: unknown) => e);
    expect(isNetworkFailure(failed)).toBe(true);
    expect(keptCard()).not.toBeNull();
  });

  it('tells a call without an answer from one the server refused', async () => {
    expect(isNetworkFailure(await call(503))).toBe(false);
    expect(isNetworkFailure(new Error('boom'))).toBe(false);
    expect(isNetworkFailure(new TypeError('Failed to fetch'))).toBe(false);
  });
});

describe('filenameOf', () => {
  it('reads the UTF-8 name of a download before the plain one, and none without a header', () => {
    expect(
      filenameOf(
        `attachment; filename="Staffroom data of Zo_ Lee.zip"; filename*=UTF-8''Staffroom%20data%20of%20Zo%C3%AB%20Lee.zip`,
      ),
    ).toBe('Staffroom data of Zoë Lee.zip');
    expect(filenameOf('attachment; filename="plain.zip"')).toBe('plain.zip');
    expect(filenameOf(`attachment; filename="plain.zip"; filename*=UTF-8''%E0%A4%A`)).toBe('plain.zip');
    expect(filenameOf(null)).toBeNull();
  });
});
