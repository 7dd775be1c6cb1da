/**
 * The service worker, served at /sw.js (docs/product.md#frame, docs/decisions/0011-service-worker-and-offline-card.md).
 * Built by vite-plugin-pwa (injectManifest), which writes the list of files to precache into
 * `self.__WB_MANIFEST`: the app shell and its code, without source maps, compressed copies or pdf.js.
 *
 * - Navigations go to the server first, so an online page is the server's (brand, and the route's own
 *   code preloaded); only when the network fails does the precached shell answer. The server's own
 *   pages (/api, /oidc, /interaction) are never answered here.
 * - The app's calls (/api) are not handled at all: personal answers stay `no-store` and never enter a
 *   cache. The discount card that shows offline is kept by the app itself.
 * - The build's own files left out of the precache (the HR console's chunks, which staff never run)
 *   are cached the first time a page fetches them, and served from there after (their names carry
 *   their hash, so a cached copy is never stale); pdf.js stays online only. A new version empties
 *   that cache as it takes over, so old versions' files do not pile up on the phone.
 * - A new version waits until the page asks it to take over (`SKIP_WAITING`), which the page does when no
 *   form holds unsaved changes (src/web/lib/service-worker.ts), then reloads.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  PrecacheFallbackPlugin,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Message the page sends to let a waiting version take over. */
const SKIP_WAITING = 'SKIP_WAITING';

/** The cache of the build's files fetched on use rather than precached (the console's chunks). */
const ON_USE_CACHE = 'staffroom-code-on-use';

/** The build's hashed code that is cached on first use: every `/assets/` file but pdf.js's, too large to keep. */
const CACHED_ON_USE = /^\/assets\/(?!pdf-viewer-|pdf\.worker)[^/]+\.(js|mjs|css)$/;

/** Paths the server answers itself, whatever the network: the API, the provider and its sign-in pages. */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/oidc(\/|$)/, /^\/interaction(\/|$)/];

// Registered before the precache route, which would otherwise answer `/` from the cache. No navigation
// preload: a navigation the worker lets pass (the provider's sign-in steps) would then be sent twice.
registerRoute(
  new NavigationRoute(new NetworkOnly({ plugins: [new PrecacheFallbackPlugin({ fallbackURL: 'index.html' })] }), {
    denylist: SERVER_PATHS,
  }),
);

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// After the precache route, so only what it does not hold reaches this one.
registerRoute(
  ({ url, request }) =>
    url.origin === self.location.origin && request.method === 'GET' && CACHED_ON_USE.test(url.pathname),
  new CacheFirst({ cacheName: ON_USE_CACHE }),
);

self.addEventListener('activate', (event) => {
  // The files of the version before: the new version's pages fetch their own.
  event.waitUntil(caches.delete(ON_USE_CACHE));
});

// The first version takes the open page at once, so its next load works offline; an update waits.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
