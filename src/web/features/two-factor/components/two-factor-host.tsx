import { lazy, Suspense, useEffect, useState } from 'react';
import { TWO_FACTOR_EVENT } from '@shared/constants.js';
import { hostStepUp, settleStepUp } from '@web/lib/step-up';

const loadDialog = () => import('./two-factor-dialog');
// The dialog's code arrives when the event first fires, or earlier when the browser is idle.
const TwoFactorDialog = lazy(loadDialog);

/** Fetches the dialog's code once the page has settled, so it opens at once when needed. */
function usePreloadWhenIdle() {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => void loadDialog(), { timeout: 10_000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(() => void loadDialog(), 3000);
    return () => window.clearTimeout(id);
  }, []);
}

/**
 * Where the two-factor dialog lives, once, in the signed-in frame (docs/product.md#two-factor): the
 * 'two-factor-auth' window event (sent on any 402 answer) opens it; while it is open further
 * events are ignored. Each opening starts from the choice of method. It answers the step-up that
 * asked (lib/step-up.ts): passed, the refused call is sent again; cancelled, it fails as it was.
 */
export function TwoFactorHost() {
  const [state, setState] = useState({ open: false, session: 0 });
  usePreloadWhenIdle();

  useEffect(hostStepUp, []);
  useEffect(() => {
    const openDialog = () =>
      setState((current) => (current.open ? current : { open: true, session: current.session + 1 }));
    window.addEventListener(TWO_FACTOR_EVENT, openDialog);
    return () => window.removeEventListener(TWO_FACTOR_EVENT, openDialog);
  }, []);

  if (state.session === 0) return null;
  return (
    <Suspense fallback={null}>
      <TwoFactorDialog
        key={state.session}
        open={state.open}
        onClose={(passed) => {
          setState((current) => ({ ...current, open: false }));
          settleStepUp(passed);
        }}
      />
    </Suspense>
  );
}
