/**
 * V8's young generation while the server starts (docs/decisions/0012-start-up-and-memory.md, stop-28
 * update). Loading the modules and setting up the database and the sign-in provider allocate tens of
 * MiB that mostly live on; V8 reads that high survival as a reason to double its semi-spaces, up to
 * 16 MiB each, and keeps them committed until its memory reducer runs some 25 s later. That was 25-30
 * MiB of a just-started server's memory on PostgreSQL. Held at their first size for the start, the
 * start's survivors go to the old generation, where they belong; released after it, the young
 * generation grows under load as before, so throughput is unchanged.
 *
 * The lever is V8's `--semi-space-growth-factor` (default 2), which V8 reads each time it would grow
 * the young generation, so it can be changed at run time; Node passes it on through
 * `v8.setFlagsFromString`. An operator's own `--semi-space-growth-factor` on the command line wins:
 * then nothing is changed.
 */
import v8 from 'node:v8';

const FLAG = '--semi-space-growth-factor';
/** V8's default, in every version Node 20 to 24 ships. */
const V8_DEFAULT_GROWTH_FACTOR = 2;

export interface YoungGenerationHold {
  /** Lets the young generation grow again (idempotent). */
  release(): void;
}

/**
 * Keeps the young generation at its current size until `release()`. Call it before the server's
 * modules load. `execArgv` is the process's own flags (default `process.execArgv`).
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
