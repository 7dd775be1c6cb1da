/** oidc-provider's one AsyncLocalStorage of request contexts (not part of its documented API). */
declare module 'oidc-provider/lib/helpers/als.js' {
  import type { AsyncLocalStorage } from 'node:async_hooks';
  const storage: AsyncLocalStorage<unknown>;
  export default storage;
}
