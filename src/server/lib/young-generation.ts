/**
 * V8's young generation while the server starts (docs/decisions/0033-young-generation-held-at-start.md).
 * Loading the modules and setting up the database and the sign-in provider allocate tens of
 * MiB that mostly live on; V8 reads that high survival as a reason to double its semi-spaces, up to
 * 16 MiB each, and keeps them committed until its memory reducer runs, 25-30 s after the start. On
 * PostgreSQL that was 15-25 MiB of a just-started server's resident memory. Held at their first size
 * for the start, the start's survivors go to the old generation, where they were headed anyway;
 * released after it, the young generation grows under load as before, so throughput is unchanged.
 *
 * The lever is V8's `--semi-space-growth-factor` (default 2), passed on by Node's
 * `v8.setFlagsFromString`. V8 11.3 (Node 20) reads it each time it would grow the young generation,
 * so a change at run time takes effect. 1 means "grow by nothing"; it is below the minimum of 2 that
 * V8's flag definitions impose when V8 starts, which a later change is not checked against. As that
 * is V8's internals rather than a promise, `young-generation.test.ts`, run on Node 20 and 24 in CI,
 * checks that it still works.
 */
import v8 from 'node:v8';

const FLAG = '--semi-space-growth-factor';
/** V8's default, in every version Node 20 to 24 ships. */
const V8_DEFAULT_GROWTH_FACTOR = 2;

/** A hold taken by `holdYoungGeneration`. */
export interface YoungGenerationHold {
  /** Lets the young generation grow again; a second call, or a hold that changed nothing, does nothing. */
  release(): void;
}

/**
 * Keeps V8's young generation at its current size until `release()`. Process-wide (V8's flags are
 * shared by the main thread and every worker); never throws. Call it before the server's modules
 * load. `execArgv` is the process's own flags (default `process.execArgv`): an operator's own
 * `--semi-space-growth-factor` there wins, and then nothing is changed.
 */
export function holdYoungGeneration(execArgv: readonly string[] = process.execArgv): YoungGenerationHold {
  // V8 takes `_` and `-` alike in a flag's name.
  const own = execArgv.map((arg) => arg.split('=')[0]!.replaceAll('_', '-'));
  if (own.includes(FLAG)) return { release: () => {} };
  v8.setFlagsFromString(`${FLAG}=1`);
  let held = true;
  return {
    release: () => {
      if (!held) return;
      held = false;
      v8.setFlagsFromString(`${FLAG}=${V8_DEFAULT_GROWTH_FACTOR}`);
    },
  };
}
