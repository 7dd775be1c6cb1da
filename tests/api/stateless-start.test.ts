/**
 * Stateless where it can be (docs/operations.md#configuration): on PostgreSQL, with S3 files, SMTP
 * mail, an external OpenID provider and the secrets from the environment, neither the server nor the
 * admin CLI writes anything to disk. DATA_DIR is a path below a plain file, where nothing can be
 * created even by root; the working directory and the temporary folder the server is given start
 * empty and must stay so, through a start, a member's sign-in and a stop.
 */
import { readdirSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '@server/cli/run-cli.js';
import { Browser, signIn } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { startS3Server } from './helpers/s3-server.js';
import { killServers, spawnServer, STARTED, tinyWebBuild } from './helpers/server-process.js';
import { startSmtpServer } from './helpers/smtp-server.js';
import { createPostgresDatabase, createTestApp } from './helpers/test-app.js';

/** A PNG of one white pixel, as a profile picture's data URL. */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';
const CLIENT = { client_id: 'staffroom-stateless', client_secret: 'stateless-client-secret-for-tests-0123456789' };

describe.skipIf(!process.env.TEST_DATABASE_URL)('a server on PostgreSQL, S3, SMTP and an external provider', () => {
  const closers: (() => Promise<unknown>)[] = [];
  let folder: string;
  let env: Record<string, string>;
  let portal: string;
  let s3Objects: () => number;

  /** A new empty folder, removed after the file's tests. */
  const emptyFolder = async (name: string) => {
    const dir = path.join(folder, name);
    await fs.mkdir(dir);
    return dir;
  };

  beforeAll(async () => {
    folder = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-stateless-'));
    closers.push(() => fs.rm(folder, { recursive: true, force: true }));
    const port = await freePort();
    portal = `http://localhost:${port}`;

    // The provider: another Staffroom's embedded one, with the demo's members, on a port of its own.
    const idpPort = await freePort();
    const idp = await createTestApp('pglite', {
      env: { PUBLIC_URL: `http://127.0.0.1:${idpPort}` },
      providerClients: [{ ...CLIENT, redirect_uris: [`${portal}/login`] }],
    });
    closers.push(idp.dropAll);
    await idp.app.listen({ host: '127.0.0.1', port: idpPort });

    const database = await createPostgresDatabase();
    closers.push(database.drop);
    const s3 = await startS3Server();
    closers.push(s3.close);
    s3Objects = () =>
      readdirSync(s3.directory, { recursive: true }).filter((p) => String(p).includes('selfies')).length;
    const smtp = await startSmtpServer();
    closers.push(smtp.stop);

    // Any file or folder made under a plain file fails (ENOTDIR), whoever the process runs as.
    const plainFile = path.join(folder, 'a-plain-file');
    await fs.writeFile(plainFile, '');
    env = {
      NODE_ENV: 'production',
      PORT: String(port),
      PUBLIC_URL: portal,
      DATA_DIR: path.join(plainFile, 'data'),
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OIDC_ISSUER: `http://127.0.0.1:${idpPort}/oidc`,
      OIDC_CLIENT_ID: CLIENT.client_id,
      OIDC_CLIENT_SECRET: CLIENT.client_secret,
      SMTP_URL: smtp.url,
      ...s3.env,
      WEB_DIST_DIR: await tinyWebBuild(path.join(folder, 'web')),
      SHUTDOWN_DRAIN_S: '0',
    };
  });
  afterAll(async () => {
    killServers();
    for (const close of closers.reverse()) await close();
  });

  it('starts, signs a member in and stops without writing a file', async () => {
    const workingDir = await emptyFolder('working-dir');
    const tmpDir = await emptyFolder('tmp');
    const server = spawnServer({
      cwd: workingDir,
      tsconfig: path.resolve('tsconfig.json'),
      // tsx keeps its compiled files in the temporary folder unless told not to; the server itself must not need one.
      env: { ...env, TMPDIR: tmpDir, TSX_DISABLE_CACHE: '1' },
    });
    await server.waitFor(STARTED);

    // The admin CLI on the same settings, which also finds no need for DATA_DIR.
    let cliOutput = '';
    const code = await runAdminCli(
      ['create-staff', '--forename', 'Sam', '--surname', 'Taylor', '--email', 'sam.taylor@example.com'],
      {
        env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
        stdout: (text) => (cliOutput += text),
        stderr: (text) => (cliOutput += text),
      },
    );
    expect(code, cliOutput).toBe(0);

    const browser = new Browser({});
    const { user } = await signIn(browser, portal, 'sam.taylor@example.com');
    expect(user.email_address).toBe('sam.taylor@example.com');
    const me = await browser.get(`${portal}/api/staff/self-service/me`);
    expect(me.json().data.forename).toBe('Sam');
    // A file stored and read back goes to S3 and comes from it, with nothing kept on the way.
    const saved = await browser.post(`${portal}/api/staff/self-service/image`, { image_data: PICTURE });
    expect(saved.status).toBe(200);
    const picture = await browser.get(new URL(saved.json().data.selfie.data.uri, portal).href);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    expect(s3Objects()).toBeGreaterThan(0);
    const ready = await fetch(`${portal}/api/ready`);
    expect(await ready.json()).toMatchObject({ data: { checks: { database: 'ok', storage: 'ok' } } });

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    expect(await fs.readdir(workingDir)).toEqual([]);
    expect(await fs.readdir(tmpDir)).toEqual([]);
    // Nothing failed quietly on the way either (a write refused, say): no error line in the log.
    const errors = server
      .output()
      .split('\n')
      .filter((line) => line.startsWith('{') && (JSON.parse(line) as { level: number }).level >= 50);
    expect(errors).toEqual([]);
  }, 180_000);
});
