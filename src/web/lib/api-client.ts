import axios, { isAxiosError } from 'axios';
import {
  APP_VERSION,
  APP_VERSION_HEADER,
  NOT_SIGNED_IN_MESSAGE,
  TWO_FACTOR_EVENT,
  XSRF_COOKIE,
  XSRF_HEADER,
} from '@shared/constants.js';
import { errorText } from './error-text';
import { clearOfflineCard } from './offline-discount-card';

/** True when a request URL (relative or absolute) points at the page's own origin. */
function isSameOrigin(url: string | undefined): boolean {
  try {
    return new URL(url ?? '', window.location.href).origin === window.location.origin;
  } catch {
    return false;
  }
}

/**
 * The one HTTP client of the web (docs/product.md#wire-conventions): base path /api, the application-version header on every
 * call, the XSRF double-submit cookie echoed as a header, only 2xx counts as success, no timeout.
 */
export const api = axios.create({
  baseURL: '/api',
  headers: { [APP_VERSION_HEADER]: APP_VERSION },
  xsrfCookieName: XSRF_COOKIE,
  xsrfHeaderName: XSRF_HEADER,
  // Echo the token to our own origin only: never leak it to a third party.
  withXSRFToken: (config) => isSameOrigin(config.url),
  validateStatus: (status) => status >= 200 && status < 300,
  timeout: 0,
});

// A 402 means the action needs a second factor (docs/product.md#errors): open the dialog, but let the caller
// still see the failure so its own pending state ends.
api.interceptors.response.use(undefined, (error: unknown) => {
  if (statusOf(error) === 402) {
    window.dispatchEvent(new Event(TWO_FACTOR_EVENT));
  }
  return Promise.reject(error);
});

// An answer that says the session has ended takes the discount card kept for offline use with it
// (docs/product.md#team-discount): the next person to pick up the phone must not see it.
api.interceptors.response.use(undefined, (error: unknown) => {
  if (sessionEnded(error)) clearOfflineCard();
  return Promise.reject(error);
});

/** HTTP status of a failed call, or undefined for network errors and non-HTTP errors. */
export function statusOf(error: unknown): number | undefined {
  return isAxiosError(error) ? error.response?.status : undefined;
}

/**
 * True when a call failed without any answer from the server: no signal, the server unreachable
 * (docs/product.md#team-discount: the card kept offline shows then, never for an answer such as a 4xx).
 */
export function isNetworkFailure(error: unknown): boolean {
  return isAxiosError(error) && !error.response && error.code !== 'ERR_CANCELED';
}

/** True for an answer that says the session has ended: any 401, or a 403 'You are not signed in.' (docs/product.md#generic-texts). */
export function sessionEnded(error: unknown): boolean {
  const status = statusOf(error);
  return status === 401 || (status === 403 && errorText(error) === NOT_SIGNED_IN_MESSAGE);
}
