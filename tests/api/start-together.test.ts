/**
 * Instances started together on one empty PostgreSQL database (docs/operations.md#starting): the
 * migrations run under an advisory lock, so every instance comes up and each migration is applied
 * once; one instance seeds the demo; instances sharing a data folder keep one set of secrets.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { killServers, spawnServer, STARTED, tinyWebBuild } from './helpers/server-process.js';
import { createPostgresDatabase } from './helpers/test-app.js';

const INSTANCES = 4;
const dirs: string[] = [];
const drops: (() => Promise<void>)[] = [];
afterAll(async () => {
  killServers();
  for (const drop of drops) await drop();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('instances started together on an empty PostgreSQL', () => {
  it('all come up, and the schema is migrated and the demo seeded once', async () => {
    const database = await createPostgresDatabase();
    drops.push(database.drop);
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-together-'));
    const web = await tinyWebBuild();
    dirs.push(dataDir, web);
    const ports = await Promise.all(Array.from({ length: INSTANCES }, () => freePort()));

    const servers = ports.map((port) =>
      spawnServer({
        env: { DATABASE_URL: database.url, DATA_DIR: dataDir, PORT: String(port), WEB_DIST_DIR: web },
      }),
    );
    await Promise.all(servers.map((server) => server.waitFor(STARTED, 240_000)));

    for (const port of ports) {
      const ready = await fetch(`http://127.0.0.1:${port}/api/ready`);
      expect(ready.status, await ready.clone().text()).toBe(200);
    }
    const journal = JSON.parse(await fs.readFile('drizzle/meta/_journal.json', 'utf8')) as { entries: unknown[] };
    const client = new pg.Client({ connectionString: database.url });
    await client.connect();
    try {
      const { rows } = await client.query<{ applied: string; distinct: string }>(
        'select count(*) as applied, count(distinct hash) as distinct from drizzle.__drizzle_migrations',
      );
      expect(rows[0]).toEqual({ applied: String(journal.entries.length), distinct: String(journal.entries.length) });
    } finally {
      await client.end();
    }
    const seeded = servers.filter((server) => server.output().includes('seeded demo data into the new database'));
    expect(seeded).toHaveLength(1);
    // One set of secrets between them: every embedded provider signs with the same key.
    const kids = await Promise.all(
      ports.map(async (port) => {
        const jwks = (await (await fetch(`http://127.0.0.1:${port}/oidc/jwks`)).json()) as { keys: { kid: string }[] };
        return jwks.keys[0]!.kid;
      }),
    );
    expect(new Set(kids).size).toBe(1);

    for (const server of servers) server.child.kill('SIGTERM');
    expect(await Promise.all(servers.map((server) => server.exited))).toEqual(servers.map(() => 0));
  }, 300_000);
});
