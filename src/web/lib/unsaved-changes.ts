import { useEffect } from 'react';

/**
 * Which forms on the page hold changes the user has not saved. A new version of the app reloads the
 * page (docs/product.md#frame), but never over someone's typing: it waits until nothing is unsaved.
 */
const unsaved = new Set<symbol>();
const waiting = new Set<() => void>();

/** True while any form on the page holds unsaved changes. */
export function hasUnsavedChanges(): boolean {
  return unsaved.size > 0;
}

/**
 * Runs `action` now when nothing is unsaved, otherwise once the last form with changes is saved,
 * emptied or closed. Answers a function that cancels it if it has not run yet.
 */
export function whenNothingUnsaved(action: () => void): () => void {
  if (!hasUnsavedChanges()) {
    action();
    return () => {};
  }
  waiting.add(action);
  return () => waiting.delete(action);
}

function runWaiting(): void {
  // A form that re-marks itself in the same task (a re-mount) keeps the actions waiting.
  if (hasUnsavedChanges()) return;
  const actions = [...waiting];
  waiting.clear();
  for (const action of actions) action();
}

/**
 * Marks the calling component's form as holding unsaved changes while `hasChanges` is true; the mark
 * goes when it turns false or the component unmounts (a modal closed without saving).
 */
export function useUnsavedChanges(hasChanges: boolean): void {
  useEffect(() => {
    if (!hasChanges) return;
    const mark = Symbol('unsaved form');
    unsaved.add(mark);
    return () => {
      unsaved.delete(mark);
      queueMicrotask(runWaiting);
    };
  }, [hasChanges]);
}
