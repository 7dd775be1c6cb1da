// After an update, an open page of the old build may ask for one of its lazily loaded chunks, which the
// server no longer has (docs/product.md#service-worker-and-updates). Vite reports every chunk that did
// not arrive as the window event `vite:preloadError`, whose `payload` is the error the screen then
// throws. The page reloads itself once, onto the new build; if the chunks still do not arrive, the
// error screen says Staffroom has been updated instead of showing the browser's raw message.

/** sessionStorage key: the address of the build's entry chunk the page last reloaded itself for. */
const RELOADED_FOR = 'staffroom.reloaded-for';

/** Errors of code that did not arrive (the events' payloads). */
const failed = new WeakSet<object>();

let reloading = false;

/**
 * Listens for chunks that did not arrive and reloads the page the first time, once per build (the
 * entry chunk's address, which changes with every build, is kept in sessionStorage so that a build
 * whose chunks are missing cannot reload in a loop). Without sessionStorage it never reloads. Call once
 * as the page starts.
 */
export function watchForStaleCode(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const error = (event as Event & { payload?: unknown }).payload;
    if (error instanceof Object) failed.add(error);
    if (reloading) return;
    try {
      if (sessionStorage.getItem(RELOADED_FOR) === import.meta.url) return;
      sessionStorage.setItem(RELOADED_FOR, import.meta.url);
    } catch {
      return;
    }
    reloading = true;
    window.location.reload();
  });
}

/**
 * What `error` says about the app's code: 'reloading' when it is code that did not arrive and the
 * page is reloading itself for it, 'stale' when it is such code and the page has already reloaded once,
 * null for any other error.
 */
export function staleCodeOf(error: unknown): 'reloading' | 'stale' | null {
  if (!(error instanceof Object) || !failed.has(error)) return null;
  return reloading ? 'reloading' : 'stale';
}
