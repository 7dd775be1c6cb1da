/**
 * Opens the database: PGlite under `dataDir/db` (embedded default) or PostgreSQL (`databaseUrl`),
 * and applies the committed drizzle-kit migrations. Both drivers give a drizzle `PgDatabase`; only
 * the one in use is loaded (docs/architecture.md#start-up-and-memory).
 */
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type { Pool } from 'pg';
import * as schema from './schema.js';
import { restrictDataDir } from '@server/lib/data-dir-permissions.js';
import { TurnQueue } from './turn-queue.js';
import { markPhase } from '@server/lib/start-up-phases.js';
import { acquireDataDirLock, type DataDirLock } from './data-dir-lock.js';
import { newestMigration } from './migrations-journal.js';
import { withMigrationLock } from './migration-lock.js';
import { pgliteTemplatePath, readPgliteTemplate } from './pglite-template.js';
import { pgliteExtensions } from './pglite-extensions.js';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  /**
   * The console's lists, searches, boards and results read through it: on PostgreSQL a pool of its own
   * (`consolePoolSize` connections), so HR's heavy searches wait for each other instead of for the
   * connections and CPU the staff's calls need (docs/decisions/0053-console-searches-and-pool.md); `db` itself on
   * PGlite, which has one connection, or when the size is 0.
   */
  consoleDb: Db;
  kind: 'pglite' | 'postgres';
  /** node-postgres's pool, on PostgreSQL only: for the statement of the signed-in hot path (planned-once.ts). */
  pool?: Pool;
  /**
   * On PGlite only: one statement sent with PostgreSQL's simple query protocol, taking its turn with
   * the other queries, answering the rows of its result. One message to the database where PGlite's
   * `query` sends six (parse, two describes, bind, execute, sync): for the signed-in hot path's EXECUTE
   * (planned-once.ts), which has no parameters to bind.
   */
  simpleQuery?: (text: string) => Promise<Record<string, unknown>[]>;
  /**
   * On PGlite only: the whole database as a tar of its data folder, in the form PGlite's `loadDataDir`
   * unpacks (`dumpDataDir`), taken while it serves (lib/embedded-backup.ts); uncompressed, so that the
   * queries waiting behind it wait only for the files to be read. It is taken between transactions, and
   * PGlite reads every file of the folder in one synchronous step, so the copy is the database at one
   * instant, every committed change in it; opened, it replays what came after its checkpoint, as
   * PostgreSQL does after a crash.
   */
  snapshot?: () => Promise<Blob>;
  /** True when this open created the database (no migrations had run before). */
  fresh: boolean;
  close(): Promise<void>;
}

/** `drizzle/` at the package root, from src/server/db or dist/server/db alike. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../drizzle');

/**
 * PGlite's shared buffers: PostgreSQL's default of 128 MB is touched as PGlite starts, so all of
 * it is resident from the first second. Beneath PGlite the operating system caches the files too;
 * with 32 MB the embedded server idles about 130 MiB smaller and serves `GET /me` as fast
 * (docs/architecture.md#start-up-and-memory).
 */
export const PGLITE_SHARED_BUFFERS = '32MB';

/** Connections of the main pool on PostgreSQL: the staff's requests share them (plugins/staff-first.ts). */
export const POOL_SIZE = 10;

/** The `application_name` of the console's own connections on PostgreSQL (`consoleDb`). */
export const CONSOLE_APPLICATION_NAME = 'staffroom-console';

type Query = (text: string) => Promise<Record<string, unknown>[]>;

/**
 * Whether the migrations table exists, and whether it already records the newest migration, in
 * which case the migrator would apply nothing: it is then skipped, since it reads and hashes every
 * migration file and runs its DDL on every start (docs/architecture.md#start-up-and-memory).
 */
export async function migrationState(
  query: Query,
  newest: () => Promise<number> = () => newestMigration(MIGRATIONS_DIR),
): Promise<{ exists: boolean; upToDate: boolean }> {
  const [table] = await query("select to_regclass('drizzle.__drizzle_migrations') is not null as exists");
  if (!table?.exists) return { exists: false, upToDate: false };
  const [last] = await query('select max(created_at) as last from drizzle.__drizzle_migrations');
  // bigint: a string from pg, a number from PGlite.
  return { exists: true, upToDate: last?.last != null && Number(last.last) >= (await newest()) };
}

export interface OpenDatabaseOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Told about a pooled PostgreSQL connection that broke while idle (the pool replaces it). */
  onConnectionError?: (err: Error) => void;
  /** Told the SQL and parameters of every query drizzle sends (tests EXPLAIN what the API runs). */
  logger?: Logger;
  /** On PostgreSQL: the connections of the console's own pool (`consoleDb`); 0 shares the main pool. Default 0. */
  consolePoolSize?: number;
  /**
   * On PGlite: the database a new folder starts from (pglite-template.ts). Default: the one this
   * build made, if any; without one the new folder gets initdb.
   */
  pgliteTemplate?: string;
  /** Told why a new PGlite folder could not start from the template (it then gets initdb). */
  onTemplateUnusable?: (err: Error) => void;
}

/**
 * Opens and migrates the database.
 * @throws DataDirBusyError when another process holds the PGlite folder.
 */
export async function openDatabase({
  dataDir,
  databaseUrl,
  onConnectionError,
  logger,
  consolePoolSize = 0,
  pgliteTemplate,
  onTemplateUnusable,
}: OpenDatabaseOptions): Promise<Database> {
  if (databaseUrl) {
    const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }] = await Promise.all([
      import('pg'),
      import('drizzle-orm/node-postgres'),
      import('drizzle-orm/node-postgres/migrator'),
    ]);
    const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL_SIZE });
    // An idle connection that breaks (a PostgreSQL restart or failover) emits 'error' on the pool;
    // unhandled, that would end the process. The pool drops the client and opens a new one later.
    pool.on('error', (err) => onConnectionError?.(err));
    const db = drizzlePg(pool, { schema, logger }) as unknown as Db;
    const before = await migrationState(async (text) => (await pool.query(text)).rows);
    markPhase('database open');
    // Behind the lock the state is read again: another instance may have migrated meanwhile. Only the
    // instance that found no migrations there calls the database fresh, so one start seeds it.
    const fresh =
      !before.upToDate &&
      (await withMigrationLock(pool, async (client) => {
        const now = await migrationState(async (text) => (await client.query(text)).rows);
        if (!now.upToDate) await migratePg(drizzlePg(client), { migrationsFolder: MIGRATIONS_DIR });
        return !now.exists;
      }));
    markPhase('migrations');
    // Lazy like the main pool: a connection is made at the first console read. Named, so that
    // pg_stat_activity tells the console's connections from the staff's.
    const consolePool =
      consolePoolSize > 0
        ? new pg.Pool({
            connectionString: databaseUrl,
            max: consolePoolSize,
            application_name: CONSOLE_APPLICATION_NAME,
          })
        : undefined;
    consolePool?.on('error', (err) => onConnectionError?.(err));
    const consoleDb = consolePool ? (drizzlePg(consolePool, { schema, logger }) as unknown as Db) : db;
    return {
      db,
      consoleDb,
      kind: 'postgres',
      pool,
      fresh,
      close: async () => {
        await Promise.all([pool.end(), consolePool?.end()]);
      },
    };
  }

  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, extensions] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    pgliteExtensions(),
  ]);
  await fs.mkdir(dataDir, { recursive: true });
  const lock: DataDirLock = await acquireDataDirLock(dataDir);
  try {
    const dbDir = path.join(dataDir, 'db');
    // Present while a template is unpacked: a start stopped then left files that may look whole.
    const unpacking = path.join(dataDir, 'db.unpacking');
    if (existsSync(unpacking)) await fs.rm(dbDir, { recursive: true, force: true });
    const fresh = !existsSync(path.join(dbDir, 'PG_VERSION'));
    const startParams = [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`];
    // A new folder unpacks the build's migrated database rather than running initdb (most of a first start).
    // A template that cannot be read or unpacked costs the time it saves, never the start.
    const unusable = async (err: unknown) => {
      onTemplateUnusable?.(err instanceof Error ? err : new Error(String(err)));
      await fs.rm(dbDir, { recursive: true, force: true });
      return undefined;
    };
    const unpack = async (template: Blob) => {
      await fs.writeFile(unpacking, '');
      return PGlite.create(dbDir, { startParams, extensions, loadDataDir: template });
    };
    const template = fresh
      ? await readPgliteTemplate(pgliteTemplate ?? (await pgliteTemplatePath(MIGRATIONS_DIR))).catch(unusable)
      : undefined;
    const client =
      (template && (await unpack(template).catch(unusable))) ||
      (await PGlite.create(dbDir, { startParams, extensions }));
    await fs.rm(unpacking, { force: true });
    markPhase('database open');
    const db = drizzlePglite(client, { schema, logger }) as unknown as Db;
    const before = await migrationState(async (text) => (await client.query<Record<string, unknown>>(text)).rows);
    if (!before.upToDate) await migratePglite(db as never, { migrationsFolder: MIGRATIONS_DIR });
    // PGlite sets the mode of each file it creates itself (0666), past the umask: tighten them.
    await restrictDataDir(dbDir);
    markPhase('migrations');
    // From here on, queries take turns with the rest of the event loop (turn-queue.ts). A transaction's
    // own queries go straight to PGlite, which already holds them to one connection.
    const turns = new TurnQueue();
    const query = client.query.bind(client);
    client.query = ((...args: Parameters<typeof query>) => turns.run(() => query(...args))) as typeof client.query;
    const simpleQuery = async (text: string) => {
      const [result] = await turns.run(() => client.exec(text));
      return (result?.rows ?? []) as Record<string, unknown>[];
    };
    const snapshot = () =>
      turns.run(async () => {
        // Written out first, so the copy opens with little to replay.
        await client.exec('CHECKPOINT');
        // Between transactions: PGlite's dump alone waits only for the statement running, not for a
        // transaction still open between two of its statements.
        return client._runExclusiveTransaction(() => client.dumpDataDir('none'));
      });
    return {
      db,
      consoleDb: db,
      kind: 'pglite',
      simpleQuery,
      snapshot,
      fresh,
      close: async () => {
        // Requests still answering when the server stops get their queries run first.
        await turns.drain();
        await client.close();
        await lock.release();
      },
    };
  } catch (err) {
    await lock.release();
    throw err;
  }
}
