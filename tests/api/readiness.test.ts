/**
 * Liveness and readiness (docs/operations.md#health-and-readiness): `/api/health` says the process
 * answers; `/api/ready` says whether to send it requests: the database answers and holds the newest
 * migration, the file storage stores and reads, the web build was there at start, and the process is
 * not stopping. A failure answers 503 in the error envelope, naming what failed.
 */
import fs from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from './helpers/s3-server.js';
import { tinyWebBuild } from './helpers/server-process.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const READY = {
  data: { status: 'ready', checks: { database: 'ok', migrations: 'ok', storage: 'ok', web: 'ok' } },
};

describe.each(DATABASES)('readiness on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let web: string;

  beforeAll(async () => {
    web = await tinyWebBuild();
    t = await createTestApp(kind, { seed: false, env: { WEB_DIST_DIR: web } });
  });
  afterAll(async () => {
    await t?.dropAll();
    await fs.rm(web, { recursive: true, force: true });
  });

  it('answers ready with every check, and health stays liveness', async () => {
    const ready = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual(READY);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.json()).toEqual({ data: { status: 'ok', database: kind } });
  });

  it('is not ready while the database lacks the newest migration, and is again once it has it', async () => {
    const { db } = t.app.database;
    const [newest] = (
      (await db.execute(
        sql`select id, created_at from drizzle.__drizzle_migrations order by created_at desc limit 1`,
      )) as unknown as { rows: { id: number; created_at: string }[] }
    ).rows;
    await db.execute(sql`update drizzle.__drizzle_migrations set created_at = 0 where id = ${newest!.id}`);
    try {
      const notReady = await t.app.inject({ method: 'GET', url: '/api/ready' });
      expect(notReady.statusCode).toBe(503);
      expect(notReady.json()).toEqual({ errors: { message: 'Not ready: migrations failed.', code: 'NOT_READY' } });
    } finally {
      await db.execute(
        sql`update drizzle.__drizzle_migrations set created_at = ${newest!.created_at} where id = ${newest!.id}`,
      );
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
  });

  it('answers 503 from the moment the server is stopping', async () => {
    t.app.readiness.stop();
    const res = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual({ errors: { message: 'Not ready: the server is stopping.', code: 'NOT_READY' } });
    // Liveness is another question: the process still answers.
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('readiness of the file storage and the web build', () => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    s3 = await startS3Server();
    // Started without a web build (the API tests' own set-up).
    t = await createTestApp('pglite', { seed: false, env: { ...s3.env } });
    // The S3 client is loaded by the first file operation, which on a busy machine can take longer
    // than a readiness check may: load it first, so the check measures the bucket.
    await t.app.services.storage.probe();
  });
  afterAll(async () => {
    await t?.dropAll();
  });

  it('names the web build when the server started without one, and the storage once the S3 server has stopped', async () => {
    const withoutWeb = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(withoutWeb.statusCode).toBe(503);
    // The bucket answers: only the build is missing.
    expect(withoutWeb.json()).toEqual({ errors: { message: 'Not ready: web failed.', code: 'NOT_READY' } });
    await s3.close();
    const withoutStorage = await t.app.inject({ method: 'GET', url: '/api/ready' });
    expect(withoutStorage.statusCode).toBe(503);
    expect(withoutStorage.json()).toEqual({
      errors: { message: 'Not ready: storage, web failed.', code: 'NOT_READY' },
    });
  });
});
