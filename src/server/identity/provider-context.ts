/**
 * Keeps oidc-provider's request context switched off between the provider's requests.
 *
 * oidc-provider carries the Koa context of each of its requests in one AsyncLocalStorage
 * (`lib/helpers/als.js`). On Node 20 the first `run()` of any AsyncLocalStorage switches on the async
 * hooks that carry stores. From then on they run at every promise, tick and timer of every request
 * the process serves, the signed-in API's included: 5 % of the server's CPU per `GET /me`
 * (docs/decisions/0027-provider-storage-off-between-requests.md). `disable()` switches them off again once no instance is enabled, and the next `run()`
 * switches them back on (Node's documentation of `asyncLocalStorage.disable()`). On Node 24 stores
 * travel in AsyncContextFrame without hooks, and disabling changes nothing that can be measured.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Wraps the provider's request handler: it counts the provider's requests in flight and disables
 * `storage` when the last one has settled (resolved or rejected), never while one is still running,
 * so no request of the provider loses its context. Without a `storage`, only drops `handler`'s answer.
 */
export function scopeProviderContext<A extends unknown[]>(
  storage: Pick<AsyncLocalStorage<unknown>, 'disable'> | undefined,
  handler: (...args: A) => Promise<unknown>,
): (...args: A) => Promise<void> {
  if (!storage) return async (...args) => void (await handler(...args));
  let inFlight = 0;
  const settled = (): void => {
    inFlight -= 1;
    if (inFlight === 0) storage.disable();
  };
  return (...args) => {
    inFlight += 1;
    let answer: Promise<unknown>;
    try {
      answer = handler(...args);
    } catch (err) {
      settled();
      return Promise.reject(err);
    }
    return answer.then(settled, (err: unknown) => {
      settled();
      throw err;
    });
  };
}

/**
 * oidc-provider's own AsyncLocalStorage, or undefined when a version of the package keeps it
 * elsewhere: the provider then works as before, only with the hooks left on. The unit test fails if
 * the installed version does not have it.
 */
export async function loadProviderStorage(): Promise<AsyncLocalStorage<unknown> | undefined> {
  try {
    const { default: storage } = await import('oidc-provider/lib/helpers/als.js');
    return storage instanceof AsyncLocalStorage ? storage : undefined;
  } catch {
    return undefined;
  }
}
