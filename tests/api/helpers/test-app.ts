/**
 * Builds the real app for API tests on a real database: PGlite in a temporary folder, and, when
 * TEST_DATABASE_URL points at a PostgreSQL server, a fresh database created on it per app.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import type { Logger } from 'drizzle-orm';
import { buildApp, type BuildAppOptions } from '@server/app.js';
import { openDatabase } from '@server/db/client.js';
import { loadConfig, type AppConfig } from '@server/config.js';
import { seedDemo } from '@server/modules/demo/seed-demo.js';

export type DatabaseKind = 'pglite' | 'postgres';

/** The databases this run covers: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const DATABASES: DatabaseKind[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  /** Closes the app and drops what it created (temp folder, PostgreSQL database). */
  close(): Promise<void>;
}

/** A new, empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `staffroom_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.href,
    async drop() {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

export interface CreateTestAppOptions extends BuildAppOptions {
  env?: Record<string, string>;
  /** Seed the demo group (default true). */
  seed?: boolean;
  /** Reuse this data folder (restart tests). */
  dataDir?: string;
  /** Reuse this PostgreSQL database URL (restart tests). */
  databaseUrl?: string;
  /** Told every query drizzle sends, with its parameters (the query-plan tests EXPLAIN them). */
  queryLogger?: Logger;
}

/** A fresh app on the given database kind, demo data seeded. */
export async function createTestApp(
  kind: DatabaseKind,
  opts: CreateTestAppOptions = {},
): Promise<TestApp & { dataDir: string; databaseUrl?: string; dropAll(): Promise<void> }> {
  const dataDir = opts.dataDir ?? (await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-test-')));
  let pgdb: { url: string; drop(): Promise<void> } | undefined;
  let databaseUrl = opts.databaseUrl;
  if (kind === 'postgres' && !databaseUrl) {
    pgdb = await createPostgresDatabase();
    databaseUrl = pgdb.url;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://localhost:3000',
    LOG_LEVEL: 'silent',
    SIGN_IN_ATTEMPTS_PER_MINUTE: '1000',
    TOKEN_LOOKUPS_PER_MINUTE: '100000',
    WEB_DIST_DIR: path.join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    ...opts.env,
  });
  const database = opts.queryLogger ? await openDatabase({ ...config, logger: opts.queryLogger }) : undefined;
  const app = await buildApp(config, { logger: false, ...opts, ...(database ? { database } : {}) });
  if (opts.seed !== false) await seedDemo({ services: app.services, actor: 'test' });
  const close = async () => {
    await app.close();
    // An app given its database leaves it open.
    await database?.close();
  };
  return {
    app,
    config,
    dataDir,
    databaseUrl,
    close,
    async dropAll() {
      await close();
      await pgdb?.drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
