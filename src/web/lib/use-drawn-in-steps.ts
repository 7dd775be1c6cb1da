import { startTransition, useEffect, useState } from 'react';

/** Drawn in full: from then on the count follows the list. */
const ALL = Number.POSITIVE_INFINITY;

/**
 * How many of a long list's `total` items to draw now: `first` at once, then `step` more after each
 * commit, each step as a transition, until all are drawn. A phone then paints the top of a long form
 * (what the viewer sees) before the rest, and no single task draws every field: one commit of twenty
 * MUI fields is a long task that blocks a tap on a slow phone (docs/decisions/0028-form-drawn-in-steps.md). Once everything has been drawn, items the list gains later (a field an answer
 * reveals) draw at once, so nothing already on screen disappears for a step. `first: 0` draws nothing
 * in the first commit: a part that waits until what is above it has painted.
 * Returns a count between 0 and `total`; `drawn >= total` once everything is on screen.
 */
export function useDrawnInSteps(
  total: number,
  { first = 4, step = 4 }: { first?: number; step?: number } = {},
): number {
  const size = Math.max(1, step);
  const [drawn, setDrawn] = useState(() => (first >= total ? ALL : Math.max(0, first)));
  useEffect(() => {
    if (drawn === ALL) return;
    const next = drawn + size >= total ? ALL : drawn + size;
    // After this commit has painted: a transition yields to the browser and to the viewer's input.
    // A value, not an updater, so StrictMode's second run of this effect asks for the same step.
    startTransition(() => setDrawn(next));
  }, [drawn, total, size]);
  return Math.max(0, Math.min(drawn, total));
}
