import { hasUnsavedChanges, whenNothingUnsaved } from './unsaved-changes';

/** Address of the service worker (docs/product.md#frame); the server revalidates it on every check. */
export const SERVICE_WORKER_URL = '/sw.js';

/** What lets a waiting version take over (src/web/service-worker/sw.ts). */
const SKIP_WAITING = { type: 'SKIP_WAITING' } as const;

/** How often an open page asks whether a new version is out; the browser also asks at every page load. */
const UPDATE_CHECK_MS = 60 * 60 * 1000;

/** Logged when a new version is held back, so a "why has it not updated?" has an answer in the console. */
export const UPDATE_HELD_MESSAGE =
  'Staffroom: a new version is ready; it loads once the changes on this page are saved or closed.';

/** Runs `action` once nothing on the page is unsaved, saying so when it has to wait. */
function unlessUnsaved(action: () => void): void {
  if (hasUnsavedChanges()) console.info(UPDATE_HELD_MESSAGE);
  whenNothingUnsaved(action);
}

/**
 * Registers the service worker from /sw.js and reloads the page when a new version takes over
 * (docs/product.md#frame), never while a form holds unsaved changes (lib/unsaved-changes.ts): a new
 * version waits until nothing is unsaved, then is let in, and the page reloads; a version let in by
 * another tab reloads this one too, once nothing is unsaved here. The first install is not an update
 * and reloads nothing. `container` and `reload` are the browser's unless a test gives its own.
 */
export async function registerServiceWorker(
  container: ServiceWorkerContainer = navigator.serviceWorker,
  reload: () => void = () => window.location.reload(),
): Promise<ServiceWorkerRegistration> {
  let controlled = container.controller !== null;
  let reloading = false;
  container.addEventListener('controllerchange', () => {
    if (!controlled) {
      controlled = true;
      return;
    }
    unlessUnsaved(() => {
      if (reloading) return;
      reloading = true;
      reload();
    });
  });

  const registration = await container.register(SERVICE_WORKER_URL, { scope: '/' });
  const letIn = (worker: ServiceWorker) => unlessUnsaved(() => worker.postMessage(SKIP_WAITING));
  // Only a page that is already controlled has an older version to replace.
  if (registration.waiting && container.controller) letIn(registration.waiting);
  registration.addEventListener('updatefound', () => {
    const worker = registration.installing;
    worker?.addEventListener('statechange', () => {
      if (worker.state === 'installed' && container.controller) letIn(worker);
    });
  });
  // A page left open for a shift would otherwise never hear of a new version. Offline, the check fails quietly.
  setInterval(() => void registration.update().catch(() => {}), UPDATE_CHECK_MS);
  return registration;
}
