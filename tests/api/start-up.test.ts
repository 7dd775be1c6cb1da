/**
 * Starts that cannot go on say why and stop, and a start from anywhere serves
 * (docs/operations.md#starting): an unreachable database is tried again for
 * DATABASE_CONNECT_TIMEOUT_S, each try logged in one line, then the start stops naming the setting
 * and the host, never the password; a DATABASE_URL that is no PostgreSQL URL is refused by name; and
 * a server started from another working directory finds its own files and serves its pages.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { killServers, spawnServer, STARTED, tinyWebBuild } from './helpers/server-process.js';

const dirs: string[] = [];
const tempDir = async (prefix: string) => {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};
afterAll(async () => {
  killServers();
  for (const dir of dirs) await fs.rm(dir, { recursive: true, force: true });
});

describe('a start that cannot reach its database', () => {
  it('tries again for DATABASE_CONNECT_TIMEOUT_S, a line a try, then stops naming the setting and the host', async () => {
    const port = await freePort();
    const server = spawnServer({
      env: {
        DATA_DIR: await tempDir('staffroom-start-'),
        PORT: String(await freePort()),
        DATABASE_URL: `postgres://staffroom:hunter2-secret@127.0.0.1:${port}/staffroom?password=hunter3-secret`,
        DATABASE_CONNECT_TIMEOUT_S: '2',
      },
    });
    expect(await server.exited).toBe(1);
    const output = server.output();
    expect(output).toContain(
      `Could not connect to the database at postgres://staffroom:***@127.0.0.1:${port}/staffroom (DATABASE_URL) within 2 s (DATABASE_CONNECT_TIMEOUT_S): connect ECONNREFUSED 127.0.0.1:${port}`,
    );
    const tries = output.split('\n').filter((line) => line.includes('the database does not answer yet'));
    expect(tries.length).toBeGreaterThan(0);
    for (const line of tries) {
      expect(JSON.parse(line)).toMatchObject({
        database: `postgres://staffroom:***@127.0.0.1:${port}/staffroom`,
        reason: `connect ECONNREFUSED 127.0.0.1:${port}`,
      });
    }
    expect(output).not.toMatch(/hunter\d-secret/);
    expect(output).not.toMatch(/^\s+at /m);
  });

  it('refuses a DATABASE_URL that is no PostgreSQL URL before trying it', async () => {
    const server = spawnServer({
      env: { DATA_DIR: await tempDir('staffroom-start-'), PORT: String(await freePort()), DATABASE_URL: 'nonsense' },
    });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('DATABASE_URL: must be a PostgreSQL URL');
    expect(server.output()).not.toContain('ENOTFOUND');
  });
});

describe('a start from another working directory', () => {
  it('finds its web build and templates beside its own files and serves the login page', async () => {
    // A copy of the package with a web build of its own, started from an unrelated folder: what it
    // serves can only have been found from its own files.
    const root = await tempDir('staffroom-package-');
    for (const item of ['src/server', 'src/shared', 'drizzle', 'templates', 'package.json']) {
      await fs.cp(path.resolve(item), path.join(root, item), { recursive: true });
    }
    for (const file of ['tsconfig.json', 'tsconfig.base.json']) {
      await fs.cp(path.resolve(file), path.join(root, file));
    }
    await fs.symlink(await fs.realpath('node_modules'), path.join(root, 'node_modules'));
    await tinyWebBuild(path.join(root, 'dist', 'web'));
    const elsewhere = await tempDir('staffroom-elsewhere-');
    const port = await freePort();

    const server = spawnServer({
      cwd: elsewhere,
      entry: path.join(root, 'src/server/main.ts'),
      tsconfig: path.join(root, 'tsconfig.json'),
      env: { PORT: String(port), SEED_DEMO: 'never' },
    });
    await server.waitFor(STARTED);
    const page = await fetch(`http://127.0.0.1:${port}/login`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('staffroom-brand');
    expect((await fetch(`http://127.0.0.1:${port}/api/ready`)).status).toBe(200);
    // DATA_DIR's default is where the server was started, as documented.
    expect((await fs.readdir(path.join(elsewhere, 'data'))).length).toBeGreaterThan(0);
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 180_000);
});
