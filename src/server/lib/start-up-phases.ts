/**
 * Where a start's time goes (docs/architecture.md#start-up-and-memory): steps mark the end of their
 * phase, and `serve.ts` logs the durations once the server answers, so `npm run bench` can show them.
 * Marks cost a few bytes each; they are cleared when read.
 */
const PREFIX = 'start-up:';

/** Marks the end of the phase `name` (its duration runs from the previous mark, or process start). */
export function markPhase(name: string): void {
  performance.mark(`${PREFIX}${name}`);
}

/** The marked phases in order, in whole milliseconds, and forgets them. */
export function takePhases(): Record<string, number> {
  const marks = performance.getEntriesByType('mark').filter((m) => m.name.startsWith(PREFIX));
  const phases: Record<string, number> = {};
  let previous = 0;
  for (const mark of marks) {
    const name = mark.name.slice(PREFIX.length);
    phases[name] = (phases[name] ?? 0) + Math.round(mark.startTime - previous);
    previous = mark.startTime;
    performance.clearMarks(mark.name);
  }
  return phases;
}
