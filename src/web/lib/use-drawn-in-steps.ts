import { startTransition, useEffect, useState } from 'react';

/**
 * How many of a long list's `total` items to draw now: `first` at once, then `step` more after each
 * commit, each step as a transition, until all are drawn. A phone then paints the top of a long form
 * (what the viewer sees) before the rest, and no single task draws every field: one commit of twenty
 * MUI fields is a long task that blocks a tap on a slow phone (docs/decisions/0010-lean-first-load.md).
 * A list that grows later draws its new items in steps too; one that shrinks is simply cut.
 * Returns a count between 0 and `total`; `drawn >= total` once everything is on screen.
 */
export function useDrawnInSteps(total: number, { first = 4, step = 4 }: { first?: number; step?: number } = {}): number {
  const [drawn, setDrawn] = useState(first);
  useEffect(() => {
    if (drawn >= total) return;
    // After this commit has painted: a transition yields to the browser and to the viewer's input.
    startTransition(() => setDrawn((current) => current + step));
  }, [drawn, total, step]);
  return Math.min(drawn, total);
}
