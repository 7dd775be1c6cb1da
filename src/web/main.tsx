import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from '@web/app/app';
import { startInStoredLanguage } from '@web/i18n/stored-language';
import { readBrand } from '@web/lib/brand';
import { registerServiceWorker } from '@web/lib/service-worker';
import { watchForStaleCode } from '@web/lib/stale-code';

const brand = readBrand();

// The browser chrome (mobile address bar) takes the brand colour too.
document.querySelector('meta[name="theme-color"]')?.setAttribute('content', brand.palette.primary);

// Before the first screen asks for its code: a chunk of an old build may already be gone.
watchForStaleCode();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

const root = createRoot(container);
// In the language kept on this device (English at once when none is, or its catalogue cannot be had).
void startInStoredLanguage().then(() =>
  // As a transition, React renders the first screen in slices and lets the browser breathe between them,
  // rather than in one long task that a slow phone cannot interrupt (docs/decisions/0022-something-on-screen-at-once.md).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App brand={brand} />
      </StrictMode>,
    );
  }),
);

// After the page has loaded, so installing (which downloads the app's code) does not compete with it.
// Not in development (Vite serves no /sw.js), nor where the browser has none (plain http).
if (import.meta.env.PROD && 'serviceWorker' in navigator) {
  const register = () => {
    // Without a worker the app still works, only not offline.
    registerServiceWorker().catch(() => {});
  };
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register, { once: true });
}
