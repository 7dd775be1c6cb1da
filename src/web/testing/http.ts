import { ApiError, failedStatusMessage, NETWORK_ERROR_MESSAGE } from '@web/lib/api-error';

/** A failed call as the HTTP client rejects it: this status and answer body. */
export function httpError(status: number, data: unknown = {}): ApiError {
  return new ApiError(failedStatusMessage(status), { status, data });
}

/** A call that got no answer (offline, server unreachable), as the HTTP client rejects it. */
export function networkError(): ApiError {
  return new ApiError(NETWORK_ERROR_MESSAGE);
}

/** A successful answer with this body, for `vi.spyOn(api, …).mockResolvedValue`. */
export function ok<T>(data: T): { data: T } {
  return { data };
}

/** A promise with its resolve and reject at hand, to hold a call pending. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}
