/**
 * Readiness (docs/operations.md#health-and-readiness): whether this process should be sent requests
 * now, as `GET /api/ready` answers it, apart from liveness (`GET /api/health`: the process answers).
 * Ready means the database answers a trivial query, it records the newest migration this build
 * knows, the file storage stores and reads (the local folder, or the S3 bucket answers), the web
 * build was there at start; a stopping process is not ready whatever they say (`stop()`). Each check has READY_CHECK_TIMEOUT_MS;
 * calls that arrive while a check runs share its answer, so probes cannot pile up work.
 * A check that fails is logged once when it starts failing and once when it passes again.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { MIGRATIONS_DIR, migrationState, type Db } from '@server/db/client.js';
import { newestMigration } from '@server/db/migrations-journal.js';
import type { FileStorage } from './file-storage.js';
import { lazy } from './on-demand.js';

/** A check's limit: orchestrators' probes wait a few seconds at most (Kubernetes: 1 s by default). */
export const READY_CHECK_TIMEOUT_MS = 2_000;

export const READY_CHECKS = ['database', 'migrations', 'storage', 'web'] as const;
export type ReadyCheck = (typeof READY_CHECKS)[number];

export interface ReadinessReport {
  ready: boolean;
  /** The checks that failed, for the answer to name. */
  failed: ReadyCheck[];
}

export interface Readiness {
  /** From now on the process answers not ready (SIGTERM): balancers stop sending it requests. */
  stop(): void;
  readonly stopping: boolean;
  check(): Promise<ReadinessReport>;
}

/** `work` given `timeoutMs`; rejects when it has not settled by then, and aborts its signal. */
async function within<T>(timeoutMs: number, work: (signal: AbortSignal) => Promise<T>): Promise<T> {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Error(`no answer within ${timeoutMs} ms`));
    }, timeoutMs);
  });
  try {
    return await Promise.race([work(controller.signal), late]);
  } finally {
    clearTimeout(timer);
  }
}

/** The readiness of one process, over its database, file storage and web build folder. */
export function createReadiness(opts: {
  db: Db;
  storage: Pick<FileStorage, 'probe'>;
  webDistDir: string;
  log: { info(details: object, message: string): void; warn(details: object, message: string): void };
  timeoutMs?: number;
}): Readiness {
  const timeoutMs = opts.timeoutMs ?? READY_CHECK_TIMEOUT_MS;
  // As plugins/spa.ts decides at start: a build that appears later is served after a restart.
  const webBuilt = existsSync(path.join(opts.webDistDir, 'index.html'));
  const newest = lazy(() => newestMigration(MIGRATIONS_DIR));
  const query = async (text: string) =>
    (await opts.db.execute(sql.raw(text))) as unknown as { rows: Record<string, unknown>[] };
  const checks: Record<ReadyCheck, (signal: AbortSignal) => Promise<void>> = {
    database: async () => void (await opts.db.execute(sql`select 1`)),
    migrations: async () => {
      const state = await migrationState(async (text) => (await query(text)).rows, newest);
      if (!state.upToDate) throw new Error("the database lacks this build's newest migration");
    },
    storage: (signal) => opts.storage.probe(signal),
    web: async () => {
      if (!webBuilt) throw new Error(`the web app was not built at ${opts.webDistDir} when the server started`);
    },
  };
  const failing = new Set<ReadyCheck>();
  let stopping = false;
  let running: Promise<ReadinessReport> | undefined;

  const run = async (): Promise<ReadinessReport> => {
    const outcomes = await Promise.all(
      READY_CHECKS.map(async (name) => {
        try {
          await within(timeoutMs, checks[name]);
          if (failing.delete(name)) opts.log.info({ check: name }, 'a readiness check passes again');
          return 'ok';
        } catch (err) {
          if (!failing.has(name)) {
            failing.add(name);
            opts.log.warn(
              { check: name, reason: err instanceof Error ? err.message : String(err) },
              'a readiness check failed',
            );
          }
          return 'failed';
        }
      }),
    );
    const failed = READY_CHECKS.filter((_, i) => outcomes[i] === 'failed');
    return { ready: failed.length === 0, failed };
  };

  return {
    stop: () => void (stopping = true),
    get stopping() {
      return stopping;
    },
    check: () => (running ??= run().finally(() => (running = undefined))),
  };
}
