/**
 * The one step-up in progress (docs/product.md#when-it-appears): a call answered 402 asks for it, the
 * two-factor dialog in the signed-in frame answers it. Every caller waiting at the same time shares
 * one dialog and one outcome, so two saves refused together ask for one code.
 */
import { TWO_FACTOR_EVENT } from '@shared/constants.js';

let pending: { outcome: Promise<boolean>; settle: (passed: boolean) => void } | null = null;
let hosts = 0;

/**
 * Asks the member to pass a second factor: dispatches the 'two-factor-auth' window event
 * (docs/product.md#when-it-appears: any 402 triggers it) and resolves true once the check is passed, false when it is cancelled. Resolves
 * false at once where no dialog can answer (no host mounted, e.g. before sign-in), so nothing waits
 * for ever.
 */
export function requestStepUp(): Promise<boolean> {
  if (pending) return pending.outcome;
  if (hosts === 0) {
    window.dispatchEvent(new Event(TWO_FACTOR_EVENT));
    return Promise.resolve(false);
  }
  let settle!: (passed: boolean) => void;
  const outcome = new Promise<boolean>((resolve) => {
    settle = resolve;
  });
  pending = { outcome, settle };
  window.dispatchEvent(new Event(TWO_FACTOR_EVENT));
  return outcome;
}

/** The dialog's answer to the step-up asked for: `passed` when the code was verified. */
export function settleStepUp(passed: boolean): void {
  const current = pending;
  pending = null;
  current?.settle(passed);
}

/**
 * Registers a dialog host for as long as it is mounted (call from an effect; the returned function
 * unregisters). An unmounted host cancels what was waiting on it.
 */
export function hostStepUp(): () => void {
  hosts += 1;
  return () => {
    hosts -= 1;
    if (hosts === 0) settleStepUp(false);
  };
}
