/**
 * A production start as a log collector sees it (docs/operations.md#logs): every line on standard
 * output, the start's banner included, is one JSON object, and a request's line carries its id.
 * Production needs PostgreSQL, so this runs with TEST_DATABASE_URL.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './helpers/free-port.js';
import { tinyWebBuild } from './helpers/server-process.js';

const SERVER = [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('src/server/main.ts')];

describe.skipIf(!process.env.TEST_DATABASE_URL)('a production start', () => {
  const name = `staffroom_test_${randomBytes(6).toString('hex')}`;
  let dataDir: string;
  let child: ChildProcess | undefined;
  const admin = () => new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });

  beforeAll(async () => {
    const c = admin();
    await c.connect();
    await c.query(`create database ${name}`);
    await c.end();
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-production-'));
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    const c = admin();
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('writes only JSON lines to standard output, the banner included', async () => {
    const port = await freePort();
    const databaseUrl = new URL(process.env.TEST_DATABASE_URL!);
    databaseUrl.pathname = `/${name}`;
    const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
    child = spawn(process.execPath, SERVER, {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'info',
        PORT: String(port),
        PUBLIC_URL: `http://localhost:${port}`,
        DATA_DIR: dataDir,
        // A production start refuses to run without a web build; the tests run before `npm run build`.
        WEB_DIST_DIR: await tinyWebBuild(path.join(dataDir, 'web')),
        DATABASE_URL: databaseUrl.href,
        APP_SECRET: randomBytes(32).toString('hex'),
        ENCRYPTION_KEY: randomBytes(32).toString('base64'),
        OIDC_PROVIDER_JWKS: JSON.stringify({ keys: [{ ...key, kid: 'test', use: 'sig', alg: 'RS256' }] }),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const exited = new Promise<number | null>((resolve) => child!.once('exit', resolve));
    await new Promise<void>((resolve, reject) => {
      child!.stdout!.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (stdout.includes('Staffroom is running at')) resolve();
      });
      void exited.then((code) => reject(new Error(`the server ended (${code}):\n${stdout}\n${stderr}`)));
    });
    const res = await fetch(`http://localhost:${port}/api/no-such-thing`);
    const id = res.headers.get('x-request-id');
    expect(id).toBeTruthy();
    child.kill('SIGTERM');
    expect(await exited).toBe(0);

    const lines = stdout.split('\n').filter((line) => line !== '');
    const parsed = lines.map((line) => {
      try {
        return JSON.parse(line) as Record<string, unknown>;
      } catch {
        throw new Error(`not a JSON line: ${line}`);
      }
    });
    expect(parsed.find((line) => line.msg === `Staffroom is running at http://localhost:${port}`)).toMatchObject({
      level: 30,
      publicUrl: `http://localhost:${port}`,
    });
    expect(parsed.find((line) => line.reqId === id)).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 404 },
    });
  });
});
