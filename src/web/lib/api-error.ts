import type { ErrorCode } from '@shared/error-codes.js';

/** The answer of a failed call: its HTTP status and parsed body (JSON, else text, else undefined). */
export interface FailedAnswer {
  status: number;
  data: unknown;
}

/**
 * A call that failed (docs/product.md#errors): `response` holds the server's non-2xx answer; without it the
 * call never got one (no network, server unreachable) and the message is 'Network Error'.
 * Kept apart from the HTTP client so that error screens in the first chunk can recognise it.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    message: string,
    readonly response?: FailedAnswer,
  ) {
    super(message);
  }
}

/** The message of a call whose answer was not 2xx, as users have always seen it. */
export function failedStatusMessage(status: number): string {
  return `Request failed with status code ${status}`;
}

/** The message of a call that got no answer at all. */
export const NETWORK_ERROR_MESSAGE = 'Network Error';

/** True for a failed call, answered or not. */
export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * The one reader of an answer's error code (src/shared/error-codes.ts): `errors.code` of the failed
 * call's envelope, or undefined when the call got no answer or the answer carries none. The web
 * branches on this, never on a message's text, so the texts can be reworded freely. A code this build
 * does not know is returned as sent and matches none it compares with: checking it against the list
 * would put the list in `/login`'s first load, which has no bytes to spare.
 */
export function errorCode(error: unknown): ErrorCode | undefined {
  if (!isApiError(error)) return undefined;
  const errors = (error.response?.data as { errors?: { code?: unknown } } | undefined)?.errors;
  const code = typeof errors === 'object' && errors !== null ? errors.code : undefined;
  return typeof code === 'string' ? (code as ErrorCode) : undefined;
}

/** True when the failed call's answer carries error code `code`. */
export function hasCode(error: unknown, code: ErrorCode): boolean {
  return errorCode(error) === code;
}
