import ky, { HTTPError } from 'ky';
import { APP_VERSION, APP_VERSION_HEADER, XSRF_COOKIE, XSRF_HEADER } from '@shared/constants.js';
import { ApiError, failedStatusMessage, hasCode, isApiError, NETWORK_ERROR_MESSAGE } from './api-error';
import { navigate } from 'wouter/use-browser-location';
import { clearOfflineData } from './offline-discount-card';
import { rememberReturnPath } from './return-path';
import { requestStepUp } from './step-up';

/** The value of cookie `name` on this page, or undefined. */
function readCookie(name: string): string | undefined {
  const entry = document.cookie.split('; ').find((pair) => pair.startsWith(`${name}=`));
  return entry === undefined ? undefined : decodeURIComponent(entry.slice(name.length + 1));
}

/**
 * The fetch client under the facade (docs/product.md#wire-conventions): calls under /api of this
 * origin, the application-version header on every call, the XSRF double-submit cookie echoed as a
 * header, only 2xx counts as success, no timeout and no retries by ky (a 403 must reach the page at
 * once; a 402 is handled in `call`).
 */
const client = ky.create({
  prefixUrl: `${window.location.origin}/api`,
  headers: { [APP_VERSION_HEADER]: APP_VERSION },
  timeout: false,
  retry: 0,
  hooks: {
    beforeRequest: [
      (request) => {
        // The prefix is this origin, so the token never leaves it.
        const token = readCookie(XSRF_COOKIE);
        if (token) request.headers.set(XSRF_HEADER, token);
      },
    ],
  },
});

/** A 2xx answer's parsed body: JSON when it says so, else text (empty for no body). */
async function bodyOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  if (!response.headers.get('content-type')?.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/** Query parameters of a call. */
export type Params = Record<string, string | number | boolean>;

/**
 * One call. A 402 means the action needs a second factor (docs/product.md#when-it-appears): the
 * two-factor dialog opens, and once it is passed the same call is sent again, once, so the save that
 * asked completes by itself; cancelled, the caller gets the 402 as its failure.
 */
async function call<T>(
  method: 'get' | 'post',
  path: string,
  options: { json?: unknown; searchParams?: Params; keepalive?: boolean },
  read: (response: Response) => Promise<unknown> = bodyOf,
  steppedUp = false,
): Promise<{ data: T }> {
  try {
    const response = await client(path.replace(/^\//, ''), { method, ...options });
    return { data: (await read(response)) as T };
  } catch (error) {
    if (error instanceof HTTPError) {
      const failure = new ApiError(failedStatusMessage(error.response.status), {
        status: error.response.status,
        data: await bodyOf(error.response),
      });
      if (error.response.status === 402 && !steppedUp && (await requestStepUp()))
        return call<T>(method, path, options, read, true);
      // An answer that says the session has ended takes the discount card kept for offline use with
      // it (docs/product.md#team-discount): the next person to pick up the phone must not see it.
      if (sessionEnded(failure)) clearOfflineData();
      // The session is over: sign in again, then come back here (docs/product.md#auth).
      if (signInNeeded(failure) && window.location.pathname !== '/login') {
        rememberReturnPath(`${window.location.pathname}${window.location.search}${window.location.hash}`);
        navigate('/login');
      }
      throw failure;
    }
    // fetch rejects with a TypeError when no answer came back (offline, DNS, connection refused).
    if (error instanceof TypeError) throw new ApiError(NETWORK_ERROR_MESSAGE);
    throw error;
  }
}

/**
 * The one HTTP client of the web: `get` and `post` a path under /api; an answer's body is in `data`;
 * anything but 2xx rejects with an ApiError carrying the status and body.
 */
export const api = {
  get: <T = unknown>(path: string, options: { params?: Params } = {}) =>
    call<T>('get', path, { searchParams: options.params }),
  /** A GET whose answer `read` reads (a file: lib/download.ts, kept out of every page's first load). */
  getWith: <T>(path: string, read: (response: Response) => Promise<T>) => call<T>('get', path, {}, read),
  /** `keepalive` lets the call finish after the page is gone (a save as the page is hidden or closed). */
  post: <T = unknown>(path: string, body?: unknown, options: { keepalive?: boolean } = {}) =>
    call<T>('post', path, { json: body, ...(options.keepalive ? { keepalive: true } : {}) }),
};

/** HTTP status of a failed call, or undefined for network errors and non-HTTP errors. */
export function statusOf(error: unknown): number | undefined {
  return isApiError(error) ? error.response?.status : undefined;
}

/**
 * True when a call failed without any answer from the server: no signal, the server unreachable
 * (docs/product.md#team-discount: the card kept offline shows then, never for an answer such as a 4xx).
 */
export function isNetworkFailure(error: unknown): boolean {
  return isApiError(error) && !error.response;
}

/** True for an answer that says the session has ended: any 401, or one coded `NOT_SIGNED_IN` (docs/product.md#generic-texts). */
export function sessionEnded(error: unknown): boolean {
  return statusOf(error) === 401 || hasCode(error, 'NOT_SIGNED_IN');
}

/**
 * True for the answer whose envelope carries `code: 'NOT_SIGNED_IN'` (src/shared/api/errors.ts): the member
 * must sign in again. A 403 without it (a refusal for lack of a role) is not this, nor is the survey's
 * 401, which the page explains (docs/product.md#surveys).
 */
export function signInNeeded(error: unknown): boolean {
  return hasCode(error, 'NOT_SIGNED_IN');
}
