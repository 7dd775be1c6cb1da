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
 * - A new version waits until the page asks it to take over (`SKIP_WAITING`), which the page does when no
 *   form holds unsaved changes (src/web/lib/service-worker.ts), then reloads.
 */
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, PrecacheFallbackPlugin, precacheAndRoute, type PrecacheEntry } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkOnly } from 'workbox-strategies';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (string | PrecacheEntry)[] };

/** Message the page sends to let a waiting version take over. */
const SKIP_WAITING = 'SKIP_WAITING';

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

// The first version takes the open page at once, so its next load works offline; an update waits.
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === SKIP_WAITING) void self.skipWaiting();
});
