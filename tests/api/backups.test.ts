/**
 * Backups that restore (docs/operations.md#backups): a backup of each database is taken while members
 * save their details in a loop through the API, restored into a new place, and a server started on
 * it serves: a member signs in through the provider's page and finds what they had saved, and HR opens
 * a document's signed PDF, the same bytes as before. On the embedded database with `admin backup` and
 * `admin restore`; on PostgreSQL with exactly the commands the guide gives, read from it, for files in
 * a folder and (where the AWS CLI is installed) in an S3 bucket on an S3-protocol server.
 */
import { execFile } from 'node:child_process';
import { createHash, generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '@server/cli/run-cli.js';
import { signaturePng } from '../support/fixtures.js';
import { Browser, signIn } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { startS3Server } from './helpers/s3-server.js';
import { killServers, spawnServer, STARTED, tinyWebBuild, type ServerProcess } from './helpers/server-process.js';
import { createPostgresDatabase, DATABASES, type DatabaseKind } from './helpers/test-app.js';

const SAVERS = ['sam.taylor@example.com', 'riley.evans@example.com'];
const HR = 'morgan.hughes@example.com';
const cleanUps: (() => Promise<void>)[] = [];
afterAll(async () => {
  killServers();
  for (const clean of cleanUps.reverse()) await clean();
});

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

async function tempDir(prefix: string): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), `staffroom-${prefix}-`));
  cleanUps.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

/** A server process on a free port, its public URL that port's, started and answering. */
async function startServer(env: Record<string, string>): Promise<{ server: ServerProcess; portal: string }> {
  const port = await freePort();
  const portal = `http://127.0.0.1:${port}`;
  const server = spawnServer({
    env: { ...env, PORT: String(port), PUBLIC_URL: portal, SIGN_IN_ATTEMPTS_PER_MINUTE: '1000' },
  });
  await server.waitFor(STARTED, 240_000);
  return { server, portal };
}

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}

/** Runs the admin CLI in this process with `env`; answers its exit code and output. */
async function admin(env: Record<string, string>, ...argv: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(argv, {
    env: { NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    stdout: (t) => (stdout += t),
    stderr: (t) => (stderr += t),
  });
  return { code, stdout, stderr };
}

/** The shell block that follows `<!-- tested: name -->` in docs/operations.md. */
async function documented(name: string): Promise<string> {
  const guide = await fs.readFile('docs/operations.md', 'utf8');
  const block = new RegExp(`<!-- tested: ${name} -->\\s*\`\`\`sh\\n([\\s\\S]*?)\`\`\``).exec(guide);
  expect(block, `docs/operations.md has no block marked tested: ${name}`).not.toBeNull();
  return block![1]!;
}

/** Runs a block of the guide with bash, stopping at the first failing command. Answers its standard output. */
async function runDocumented(name: string, env: Record<string, string>): Promise<string> {
  const script = await documented(name);
  const { stdout } = await promisify(execFile)('bash', ['-euo', 'pipefail', '-c', script], {
    env: { ...process.env, NODE_ENV: 'development', LOG_LEVEL: 'silent', ...env },
    maxBuffer: 16 * 1024 * 1024,
  });
  return stdout;
}

/**
 * Members saving their known-as name in a loop, each save the next number, through the API of
 * `portal`. `acknowledged` holds, per member, the last number the server confirmed.
 */
function saveInALoop(portal: string, browsers: Browser[]) {
  const acknowledged = browsers.map(() => 0);
  const waiting = new Set<() => void>();
  let stopping = false;
  const loops = browsers.map(async (browser, i) => {
    for (let n = 1; !stopping; n++) {
      const res = await browser.post(`${portal}/api/staff/self-service/personal`, { known_as: `Saved ${n}` });
      expect(res.status, res.body).toBe(200);
      acknowledged[i] = n;
      for (const wake of waiting) wake();
    }
  });
  return {
    acknowledged,
    /** Resolves once every member has had `count` more saves confirmed. */
    saved(count: number) {
      const target = acknowledged.map((n) => n + count);
      return new Promise<void>((resolve) => {
        const check = () => {
          if (acknowledged.some((n, i) => n < target[i]!)) return;
          waiting.delete(check);
          resolve();
        };
        waiting.add(check);
        check();
      });
    },
    async stop() {
      stopping = true;
      await Promise.all(loops);
    },
  };
}

interface Before {
  agreementToken: string;
  signedPdfSha: string;
  providerKid: string;
}

/** What every source does before its backup: a signed agreement, an HR role, the provider's key id. */
async function prepare(portal: string, server: ServerProcess, adminEnv: Record<string, string>): Promise<Before> {
  // Printed after the start's log lines.
  const printed = /Agreement for jamie\.patel@example\.com to sign: (\S+)/;
  await server.waitFor(printed);
  const link = printed.exec(server.output());
  const agreementToken = new URL(link![1]!).pathname.split('/').at(-1)!;
  const member = new Browser({});
  // Opened first, as the page does: its answer sets the XSRF cookie the signing call echoes.
  expect((await member.get(`${portal}/api/staff/agreement/${agreementToken}`)).status).toBe(200);
  const signed = await member.post(`${portal}/api/staff/agreement/${agreementToken}`, {
    signature_data: await signaturePng(),
  });
  expect(signed.status, signed.body).toBe(200);
  const pdf = await fetch(`${portal}/api/staff/agreement/${agreementToken}/pdf`);
  expect(pdf.headers.get('content-type')).toBe('application/pdf');
  const bytes = new Uint8Array(await pdf.arrayBuffer());
  expect(Buffer.from(bytes.subarray(0, 5)).toString()).toBe('%PDF-');
  const granted = await admin(adminEnv, 'role', 'grant', '--staff', HR, '--role', 'hr');
  expect(granted.code, granted.stderr).toBe(0);
  return { agreementToken, signedPdfSha: sha256(bytes), providerKid: await providerKid(portal) };
}

async function providerKid(portal: string): Promise<string> {
  const jwks = (await (await fetch(`${portal}/oidc/jwks`)).json()) as { keys: { kid: string }[] };
  return jwks.keys[0]!.kid;
}

/** What the restored server must show: saves confirmed before the backup, the signed PDF, the same provider key. */
async function checkRestored(portal: string, before: Before, confirmed: number[], sent: number[]): Promise<void> {
  expect((await fetch(`${portal}/api/ready`)).status).toBe(200);
  for (const [i, email] of SAVERS.entries()) {
    const browser = new Browser({});
    await signIn(browser, portal, email);
    const me = await browser.get(`${portal}/api/staff/self-service/me`);
    expect(me.status).toBe(200);
    // Every save confirmed before the backup began is in it; none that was never sent.
    const saved = Number(/^Saved (\d+)$/.exec(me.json<{ data: { known_as: string } }>().data.known_as)?.[1]);
    expect(saved).toBeGreaterThanOrEqual(confirmed[i]!);
    expect(saved).toBeLessThanOrEqual(sent[i]!);
  }
  const hr = new Browser({});
  await signIn(hr, portal, HR);
  const list = await hr.get(`${portal}/api/admin/documents?status=signed`);
  expect(list.status, list.body).toBe(200);
  const doc = list
    .json<{ data: { signed_pdf: string | null; person: { name: string } }[] }>()
    .data.find((d) => d.person.name.startsWith('Jamie'));
  expect(doc?.signed_pdf, list.body).toBeTruthy();
  const pdf = await fetch(`${portal}${doc!.signed_pdf!}`, { headers: { cookie: cookieHeader(hr, portal) } });
  expect(pdf.status).toBe(200);
  expect(sha256(new Uint8Array(await pdf.arrayBuffer()))).toBe(before.signedPdfSha);
  // The joiner's own link still opens it: link tokens live in the database.
  const byLink = await fetch(`${portal}/api/staff/agreement/${before.agreementToken}/pdf`);
  expect(sha256(new Uint8Array(await byLink.arrayBuffer()))).toBe(before.signedPdfSha);
  // Sessions and codes made by the restored server are signed with the keys kept in the backup.
  expect(await providerKid(portal)).toBe(before.providerKid);
}

function cookieHeader(browser: Browser, portal: string): string {
  return [...browser.jar(new URL(portal).origin)].map(([k, v]) => `${k}=${v}`).join('; ');
}

async function signedInSavers(portal: string): Promise<Browser[]> {
  return Promise.all(
    SAVERS.map(async (email) => {
      const browser = new Browser({});
      await signIn(browser, portal, email);
      return browser;
    }),
  );
}

/** Whether the AWS CLI is installed, for the guide's S3 commands. */
const HAS_AWS_CLI = await promisify(execFile)('aws', ['--version']).then(
  () => true,
  () => false,
);
const CASES: [DatabaseKind, 'local' | 's3'][] = [
  ...DATABASES.map((kind) => [kind, 'local'] as [DatabaseKind, 'local']),
  ...(DATABASES.includes('postgres') ? [['postgres', 's3'] as [DatabaseKind, 's3']] : []),
];

describe.each(CASES)('a backup taken under write load on %s, files in %s', (kind, storage) => {
  it.skipIf(storage === 's3' && !HAS_AWS_CLI)(
    'restores into a new place, which starts, signs a member in and serves the signed PDF',
    async () => {
      const web = await tinyWebBuild(path.join(await tempDir('web'), 'dist'));
      const sourceDir = await tempDir('source');
      const backup = path.join(await tempDir('backups'), 'first');
      const restoredDir = path.join(await tempDir('restored'), 'data');
      let sourceEnv: Record<string, string> = { DATA_DIR: sourceDir, WEB_DIST_DIR: web };
      // As in production: a start of the restored database changes nothing of the demo's.
      let restoredEnv: Record<string, string> = { DATA_DIR: restoredDir, WEB_DIST_DIR: web, SEED_DEMO: 'never' };
      let restoredDb: { url: string; drop(): Promise<void> } | undefined;
      if (kind === 'postgres') {
        // The secrets come from the environment, as in production; they are kept apart from the backup.
        const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
        const jwk = privateKey.export({ format: 'jwk' });
        const secrets = {
          APP_SECRET: randomBytes(32).toString('base64url'),
          ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          OIDC_PROVIDER_JWKS: JSON.stringify({ keys: [{ ...jwk, kid: 'backup-test', use: 'sig', alg: 'RS256' }] }),
        };
        const source = await createPostgresDatabase();
        restoredDb = await createPostgresDatabase();
        cleanUps.push(source.drop, restoredDb.drop);
        sourceEnv = { ...sourceEnv, ...secrets, DATABASE_URL: source.url };
        restoredEnv = { ...restoredEnv, ...secrets, DATABASE_URL: restoredDb.url };
      }
      if (storage === 's3') {
        // A bucket of its own for the restore, on another S3-protocol server; the AWS CLI's credentials.
        const [from, to] = await Promise.all([startS3Server(), startS3Server()]);
        cleanUps.push(from.close, to.close);
        const aws = { AWS_ACCESS_KEY_ID: 'S3RVER', AWS_SECRET_ACCESS_KEY: 'S3RVER', AWS_DEFAULT_REGION: 'us-east-1' };
        sourceEnv = { ...sourceEnv, ...from.env, ...aws };
        restoredEnv = { ...restoredEnv, ...to.env, ...aws };
      }

      const { server, portal } = await startServer(sourceEnv);
      const before = await prepare(portal, server, sourceEnv);
      const load = saveInALoop(portal, await signedInSavers(portal));
      await load.saved(3);
      const confirmed = [...load.acknowledged];
      if (kind === 'pglite') {
        const done = await admin(sourceEnv, 'backup', '--to', backup);
        expect(done.code, done.stderr).toBe(0);
        expect(done.stdout).toMatch(
          /^Database: \d+\.\d MiB \(compressed\), copied in \d+ ms \(queries waited at most that long\)\.$/m,
        );
        expect(done.stdout).toMatch(/Files: [1-9]\d* /);
        expect(done.stdout.trim().split('\n').at(-1)).toBe(`Backed up to ${backup}`);
        // A second backup never lands on the first.
        const again = await admin(sourceEnv, 'backup', '--to', backup);
        expect(again.code).toBe(1);
        expect(again.stderr).toContain(`${backup} is not empty`);
      } else {
        const refused = await admin(sourceEnv, 'backup', '--to', backup);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain('back up with pg_dump');
        await fs.mkdir(backup, { mode: 0o700 });
        await runDocumented('postgresql-backup', { ...sourceEnv, BACKUP: backup });
        await runDocumented(`files-backup-${storage}`, { ...sourceEnv, BACKUP: backup });
        expect((await fs.readdir(path.join(backup, 'files'))).length).toBeGreaterThan(0);
        expect(await fs.readFile(path.join(backup, 'keys-status.txt'), 'utf8')).toMatch(/under the current key/);
      }
      // Saves went on while the backup was taken, and after.
      await load.saved(2);
      await load.stop();
      // Every save sent was confirmed by now: none is left in flight.
      const sent = [...load.acknowledged];
      await stop(server);

      if (kind === 'pglite') {
        // A backup changed since it was written restores nothing.
        const damaged = path.join(path.dirname(backup), 'damaged');
        await fs.cp(backup, damaged, { recursive: true });
        const [bucket] = await fs.readdir(path.join(damaged, 'files'));
        const [name] = await fs.readdir(path.join(damaged, 'files', bucket!));
        await fs.appendFile(path.join(damaged, 'files', bucket!, name!), 'x');
        const refused = await admin(restoredEnv, 'restore', '--from', damaged);
        expect(refused.code).toBe(1);
        expect(refused.stderr).toContain(`The backup in ${damaged} is damaged: files/${bucket}/${name}`);
        expect(await fs.readdir(restoredDir).catch(() => [])).toEqual([]);

        const restored = await admin(restoredEnv, 'restore', '--from', backup);
        expect(restored.code, restored.stderr).toBe(0);
        expect(restored.stdout).toMatch(/the encryption key \S+ opens the data/);
        // Never over a folder that holds anything.
        const twice = await admin(restoredEnv, 'restore', '--from', backup);
        expect(twice.code).toBe(1);
        expect(twice.stderr).toContain('is not empty');
      } else {
        await runDocumented('postgresql-restore', { ...restoredEnv, BACKUP: backup });
        await runDocumented(`files-restore-${storage}`, { ...restoredEnv, BACKUP: backup });
      }

      const { server: restoredServer, portal: restoredPortal } = await startServer(restoredEnv);
      if (kind === 'postgres') {
        const checked = await runDocumented('postgresql-check', { ...restoredEnv, PUBLIC_URL: restoredPortal });
        expect(checked).toContain('"status":"ready"');
        expect(checked).toMatch(/Every sealed value is under the current key/);
      }
      await checkRestored(restoredPortal, before, confirmed, sent);
      await stop(restoredServer);
    },
    600_000,
  );
});
