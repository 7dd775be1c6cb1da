/**
 * Drawing documents off the event loop (decision 66): the PDFs Staffroom lays out and the signed PDFs
 * it draws (drawing-worker.ts) are made in a small pool of worker threads (Piscina), so the hundreds of
 * milliseconds of @cantoo/pdf-lib and fontkit work a signature takes never hold the loop that answers
 * every other request. The pool starts with the first drawing, keeps no thread while idle, and a
 * thread that crashes, runs out of its heap or takes too long fails only its own task, with a coded
 * error; the next task gets a fresh thread.
 *
 * The worker is the built `drawing-worker.js` beside this file, or, run from the TypeScript sources
 * (tests, `npm run dev`), `drawing-worker.ts` loaded through tsx.
 */
import { availableParallelism } from 'node:os';
import type { Piscina } from 'piscina';
import { AppError } from '@server/errors.js';
import type { DrawResult, DrawTask } from './drawing-worker.js';

export type { DrawResult, DrawTask } from './drawing-worker.js';

const FROM_SOURCES = import.meta.url.endsWith('.ts');

/** The pool's limits. */
export const DRAWING_LIMITS = {
  /**
   * Threads at most: one fewer than the cores, at least one and at most two. A signature's drawing is
   * a few hundred milliseconds of one core, so on two cores one thread draws while the other core
   * keeps answering requests; a second signature at once waits its turn.
   */
  threads: Math.max(1, Math.min(2, availableParallelism() - 1)),
  /** A thread without work stops after this long; a new one starts in a few tens of milliseconds. */
  idleMs: 30_000,
  /** Longest one drawing may take before its thread is stopped and the task fails. */
  timeoutMs: 60_000,
  /** A thread's JavaScript heap: a drawing past it fails rather than the server running out. */
  maxOldGenerationSizeMb: 512,
} as const;

/** Draws documents in worker threads. */
export interface DocumentDrawing {
  /**
   * Draws `task` in a worker thread.
   * @throws AppError DOCUMENT_NOT_DRAWN (500) when the drawing failed: its thread threw, crashed, ran
   *   out of heap or took longer than the timeout; the cause is kept on the error for the log.
   */
  draw(task: DrawTask): Promise<DrawResult>;
  /** Stops the pool's threads; a task still running fails. A later draw starts a new pool. */
  close(): Promise<void>;
}

/**
 * A pool of drawing threads. `worker` (a module whose default export takes a DrawTask) and the limits
 * are for tests; the server uses drawing-worker and DRAWING_LIMITS.
 */
export function createDocumentDrawing(
  opts: { worker?: URL; timeoutMs?: number; threads?: number } = {},
): DocumentDrawing {
  const worker = opts.worker ?? new URL(`./drawing-worker.${FROM_SOURCES ? 'ts' : 'js'}`, import.meta.url);
  const timeoutMs = opts.timeoutMs ?? DRAWING_LIMITS.timeoutMs;
  let pool: Promise<Piscina> | undefined;
  const start = async () => {
    const { Piscina } = await import('piscina');
    return new Piscina({
      filename: worker.href,
      minThreads: 0,
      maxThreads: opts.threads ?? DRAWING_LIMITS.threads,
      idleTimeout: DRAWING_LIMITS.idleMs,
      // TypeScript sources need tsx in the thread too; the build is plain JavaScript.
      execArgv: worker.pathname.endsWith('.ts') ? ['--import', 'tsx'] : undefined,
      resourceLimits: { maxOldGenerationSizeMb: DRAWING_LIMITS.maxOldGenerationSizeMb },
    });
  };
  return {
    async draw(task) {
      pool ??= start().catch((err: unknown) => {
        pool = undefined;
        throw err;
      });
      const running = await pool;
      try {
        return (await running.run(task, { signal: AbortSignal.timeout(timeoutMs) })) as DrawResult;
      } catch (err) {
        const failed = new AppError('DOCUMENT_NOT_DRAWN', 'The document could not be made. Please try again.');
        failed.cause = err;
        throw failed;
      }
    },
    async close() {
      const current = pool;
      pool = undefined;
      await (await current)?.destroy();
    },
  };
}
