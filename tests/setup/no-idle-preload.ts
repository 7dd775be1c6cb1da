/**
 * In the web unit tests the page is never idle: code fetched "when the browser is idle" (the
 * two-factor dialog's, two-factor-host.tsx) is fetched only when it is needed. jsdom has no
 * requestIdleCallback, so without this the host falls back to a 3 s timer, and in a test that runs
 * longer the import would start unawaited and could still be loading when the file's environment is
 * torn down, which Vitest reports as an unhandled error although every test passed.
 */
interface IdlePage {
  requestIdleCallback?: () => number;
  cancelIdleCallback?: () => void;
}

// The tests' type program has no DOM library, so the page is reached through globalThis.
const page = (globalThis as { window?: IdlePage }).window;
if (page !== undefined) {
  page.requestIdleCallback = () => 0;
  page.cancelIdleCallback = () => undefined;
}
