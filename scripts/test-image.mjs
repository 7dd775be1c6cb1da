/**
 * `npm run test:image`: builds the container image and runs it as an operator would
 * (docs/operations.md#deploying-with-the-container-image), on a read-only root file system with no
 * writable temporary folder, against the local PostgreSQL (a fresh database, dropped after), and an
 * S3-protocol server (s3rver), an SMTP server (smtp-server) and an OpenID provider (oidc-provider),
 * all three started here on loopback. It checks `compose.yaml` with `podman-compose config`, checks
 * the image (non-root, a HEALTHCHECK, no source maps), waits for readiness, runs
 * `podman healthcheck run`, runs admin commands in the container (a venue, the joiner fieldset, a
 * member, an invitation whose mail must reach the SMTP server), signs the member in through the
 * provider's pages, and stops the container with SIGTERM while a client holds an idle connection:
 * it must exit with status 0 within SHUTDOWN_GRACE_S. Prints the image's size and the times taken.
 *
 * Needs root, podman with runc, debootstrap (.ci/run installs them), podman-compose, and the file
 * /etc/containers/containers.conf.d/ulimits.conf holding `default_ulimits = []` (these machines
 * allow a container no resource limits). No image registry is reached: the base is made here as
 * `node:24-bookworm-slim` is laid out (Debian bookworm by debootstrap, Node 24 from the npm
 * registry's `node` package in /usr/local, a user `node` with id 1000), once, and reused.
 *
 * Usage: npm run test:image [-- --dist=context | --no-build]
 *   --dist=context  put the dist/ of this checkout in the image (made by `npm run build`, as
 *                   `npm test` does) instead of building it again in the image.
 *   --no-build      test the image an earlier run built (while changing this script, say).
 * TEST_DATABASE_URL names the PostgreSQL server (postgres://postgres@127.0.0.1:5432/test by default).
 */
import { execFile, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { promisify } from 'node:util';
import Provider from 'oidc-provider';
import pg from 'pg';
import S3rver from 's3rver';
import { freePort } from './free-port.mjs';

const run = promisify(execFile);
const started = performance.now();
const dist = process.argv.includes('--dist=context') ? 'context' : 'build';
const reuse = process.argv.includes('--no-build');
const IMAGE = 'localhost/staffroom:test';
const BASE = 'localhost/staffroom-base:node24-bookworm';
const DEBIAN = 'localhost/debian:bookworm';
/**
 * One heavy build at a time on a shared machine: the lock the browser tests and web builds take too.
 * IMAGE_BUILD_LOCK= (empty) when the caller already holds it.
 */
const BUILD_LOCK = process.env.IMAGE_BUILD_LOCK ?? '/tmp/browser.lock';
const ULIMITS_CONF = '/etc/containers/containers.conf.d/ulimits.conf';
/** The settings podman needs here: runc, and cgroups it may not delegate. */
const PODMAN = ['--runtime', 'runc', '--cgroup-manager=cgroupfs'];
const GRACE_S = 10;
const MEMBER = { forename: 'Ava', surname: 'Clarke', email: 'ava.clarke@example.com' };
const VENUE = 'The Anchor, Bath';
const JOINER = {
  forename: 'Noor',
  surname: 'Ali',
  email: 'noor.ali@example.com',
  venue: VENUE,
  position: 'Chef de partie',
  'start-date': '2027-01-04',
};
/** `{ forename: 'Ava' }` → `['--forename', 'Ava']`: an admin command's options. */
const flags = (options) => Object.entries(options).flatMap(([name, value]) => [`--${name}`, value]);
const seconds = (from) => Math.round((performance.now() - from) / 1000);

/** `podman <args>`; answers its standard output. Throws with its standard error when it fails. */
async function podman(...args) {
  try {
    return (await run('podman', [...PODMAN, ...args], { maxBuffer: 64 * 1024 * 1024 })).stdout;
  } catch (err) {
    throw new Error(`podman ${args.join(' ')} failed (${err.code}):\n${err.stderr || err.stdout}`);
  }
}

/** Runs a command with its output shown, under the build lock when `locked`. */
function shown(command, args, { locked = false, ...options } = {}) {
  const [file, argv] =
    locked && BUILD_LOCK && fs.existsSync('/usr/bin/flock')
      ? ['flock', [BUILD_LOCK, command, ...args]]
      : [command, args];
  execFileSync(file, argv, { stdio: 'inherit', ...options });
}

const imageExists = (name) =>
  run('podman', [...PODMAN, 'image', 'exists', name]).then(
    () => true,
    () => false,
  );

function checkTools() {
  for (const tool of ['podman', 'runc', 'podman-compose']) {
    try {
      execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    } catch {
      throw new Error(`${tool} is missing: apt-get install -y podman runc debootstrap podman-compose`);
    }
  }
  if (!fs.existsSync(ULIMITS_CONF)) {
    throw new Error(
      `${ULIMITS_CONF} is missing: printf '[containers]\\ndefault_ulimits = []\\n' > ${ULIMITS_CONF} (as .ci/run does)`,
    );
  }
}

/**
 * Debian 12's podman-compose (1.0.3) has no `config` command: its own parser, the one `config` prints
 * the result of in later versions, reads the file instead (interpolated, normalised), as JSON.
 */
const PARSE_COMPOSE = `
import json, sys
from podman_compose import podman_compose as compose
sys.argv = ['podman-compose', '-f', 'compose.yaml', 'ps']
compose._parse_args()
compose._parse_compose_file()
print(json.dumps({'services': compose.services}, indent=2, default=str))
`;

/** `compose.yaml` as podman-compose reads it, with made-up secrets in place of an operator's `.env`. */
async function checkCompose() {
  const env = {
    ...process.env,
    POSTGRES_PASSWORD: 'compose-check',
    APP_SECRET: 'a'.repeat(64),
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
    OIDC_PROVIDER_JWKS: '{"keys":[]}',
    SMTP_URL: 'smtp://mail.example.com:587',
  };
  const refused = (err) =>
    new Error(`podman-compose refused compose.yaml:\n${err.stderr || err.stdout || err.message}`);
  let shown;
  try {
    shown = (await run('podman-compose', ['-f', 'compose.yaml', 'config'], { env })).stdout;
  } catch (err) {
    if (!/invalid choice: 'config'/.test(err.stderr)) throw refused(err);
    const launcher = fs.readFileSync(
      execFileSync('sh', ['-c', 'command -v podman-compose'], { encoding: 'utf8' }).trim(),
      'utf8',
    );
    const python = /^#!\s*(\S+)/.exec(launcher)?.[1] ?? 'python3';
    shown = (await run(python, ['-c', PARSE_COMPOSE], { env }).catch((e) => Promise.reject(refused(e)))).stdout;
  }
  for (const needed of [
    'staffroom',
    'postgres',
    'postgres://staffroom:compose-check@postgres:5432/staffroom',
    'read_only',
  ]) {
    if (!shown.includes(needed)) throw new Error(`podman-compose reads no ${needed} in compose.yaml:\n${shown}`);
  }
}

/** The Debian mirror apt uses here, for debootstrap. */
function debianMirror() {
  for (const file of ['/etc/apt/sources.list.d/debian.sources', '/etc/apt/sources.list']) {
    if (!fs.existsSync(file)) continue;
    const text = fs.readFileSync(file, 'utf8');
    const found = /^URIs:\s*(\S+)/m.exec(text)?.[1] ?? /^deb\s+(?:\[[^\]]*\]\s+)?(\S+)\s+bookworm\s/m.exec(text)?.[1];
    if (found) return found;
  }
  return 'http://deb.debian.org/debian';
}

/**
 * The local stand-in for `node:24-bookworm-slim`, made once: Debian bookworm (minbase), Node 24 (the
 * npm registry's `node` package) and npm in /usr/local, and the user `node` (1000:1000), as the
 * official image has them.
 */
async function ensureBase() {
  if (await imageExists(BASE)) return 'reused';
  const from = performance.now();
  if (!(await imageExists(DEBIAN))) {
    const rootfs = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-rootfs-'));
    try {
      shown('debootstrap', ['--variant=minbase', 'bookworm', rootfs, debianMirror()], { locked: true });
      // apt's downloads and lists: the slim image carries neither.
      for (const dir of ['var/cache/apt', 'var/lib/apt/lists']) {
        for (const name of fs.readdirSync(path.join(rootfs, dir), { withFileTypes: true })) {
          if (name.isFile()) fs.rmSync(path.join(rootfs, dir, name.name));
        }
      }
      fs.rmSync(path.join(rootfs, 'var/cache/apt/archives'), { recursive: true, force: true });
      fs.mkdirSync(path.join(rootfs, 'var/cache/apt/archives/partial'), { recursive: true });
      execFileSync('sh', ['-c', `tar -C "${rootfs}" -c . | podman ${PODMAN.join(' ')} import - ${DEBIAN}`], {
        stdio: ['ignore', 'ignore', 'inherit'],
      });
    } finally {
      fs.rmSync(rootfs, { recursive: true, force: true });
    }
  }
  const prefix = path.resolve('.tmp/node24');
  if (!fs.existsSync(path.join(prefix, 'node_modules/.bin/node'))) {
    shown('npm', ['install', '--no-save', '--no-audit', '--no-fund', '--prefix', prefix, 'node@24']);
  }
  // The node package carries the binary alone; npm comes from this machine's own (npm 11, as Node 24 ships).
  const npm = path.join(execFileSync('npm', ['root', '-g'], { encoding: 'utf8' }).trim(), 'npm');
  if (!fs.existsSync(path.join(npm, 'bin/npm-cli.js'))) throw new Error(`no npm at ${npm}`);
  // The certificate authorities this machine trusts, so npm in a build reaches the registry as it does here.
  const authorities = process.env.NODE_EXTRA_CA_CERTS || '/etc/ssl/certs/ca-certificates.crt';
  const context = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-base-'));
  try {
    fs.cpSync(fs.realpathSync(path.join(prefix, 'node_modules/.bin/node')), path.join(context, 'bin/node'));
    fs.cpSync(npm, path.join(context, 'lib/node_modules/npm'), { recursive: true });
    fs.cpSync(authorities, path.join(context, 'certificates.crt'));
    fs.writeFileSync(
      path.join(context, 'Containerfile'),
      [
        `FROM ${DEBIAN}`,
        'COPY bin /usr/local/bin',
        'COPY lib /usr/local/lib',
        'COPY certificates.crt /etc/ssl/certs/ca-certificates.crt',
        'ENV NODE_EXTRA_CA_CERTS=/etc/ssl/certs/ca-certificates.crt',
        'RUN ln -s ../lib/node_modules/npm/bin/npm-cli.js /usr/local/bin/npm \\',
        ' && ln -s ../lib/node_modules/npm/bin/npx-cli.js /usr/local/bin/npx \\',
        ' && groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node \\',
        // Debian's container images carry this link; without it podman adds one to every container,
        // which the read-only check below would see as a change to /etc.
        ' && ln -sf /proc/mounts /etc/mtab',
        'CMD ["node"]',
        '',
      ].join('\n'),
    );
    shown('podman', [...PODMAN, 'build', '--network', 'host', '-t', BASE, context], { locked: true });
  } finally {
    fs.rmSync(context, { recursive: true, force: true });
  }
  return `made in ${seconds(from)} s`;
}

async function buildImage() {
  if (dist === 'context' && !fs.existsSync('dist/web/index.html')) {
    throw new Error('--dist=context needs a build in dist/: run npm run build first');
  }
  const from = performance.now();
  shown(
    'podman',
    [
      ...PODMAN,
      'build',
      '--format',
      'docker',
      '--network',
      'host',
      '--build-arg',
      `BASE=${BASE}`,
      '--build-arg',
      `DIST=${dist}`,
      '-t',
      IMAGE,
      '-f',
      'Containerfile',
      '.',
    ],
    { locked: true },
  );
  return seconds(from);
}

/** The image runs as a user other than root and carries a health check on the liveness route. */
async function checkImage() {
  const [image] = JSON.parse(await podman('image', 'inspect', IMAGE));
  const user = image.Config?.User ?? '';
  if (!user || /^(root|0)(:|$)/.test(user)) throw new Error(`the image runs as ${JSON.stringify(user) || 'root'}`);
  const check = (image.Healthcheck ?? image.HealthCheck ?? image.Config?.Healthcheck)?.Test?.join(' ') ?? '';
  if (!check.includes('/api/health')) throw new Error(`the image has no HEALTHCHECK on /api/health: ${check}`);
  return { size: image.Size, user };
}

/** A fresh database on the local PostgreSQL; `drop` removes it. */
async function createDatabase() {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const name = `staffroom_image_${randomBytes(6).toString('hex')}`;
  const admin = async (sql) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`).catch((err) => {
    throw new Error(`the PostgreSQL server at ${new URL(adminUrl).host} did not create a database: ${err.message}`);
  });
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return { url: url.href, drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function startS3() {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-image-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'staffroom-files' }],
  });
  const { port } = await server.run();
  return {
    env: {
      FILE_STORAGE: 's3',
      S3_BUCKET: 'staffroom-files',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    objects: () => fs.readdirSync(path.join(directory, 'staffroom-files'), { recursive: true }).length,
    async close() {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** The tests' SMTP server (tests/support/smtp-server-process.mjs): one JSON line per message it accepts. */
async function startSmtp() {
  const child = spawn(process.execPath, ['tests/support/smtp-server-process.mjs'], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  const received = [];
  const port = await new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the SMTP server stopped (${code})`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const listening = /^listening (\d+)$/.exec(line);
      if (listening) resolve(Number(listening[1]));
      else if (line.startsWith('{')) received.push(JSON.parse(line));
    });
  });
  return { url: `smtp://127.0.0.1:${port}`, received, stop: () => child.kill('SIGTERM') };
}

/**
 * An external OpenID provider on loopback (oidc-provider with its development sign-in and consent
 * pages): any login is an account whose verified email is the login.
 */
async function startProvider(portal, client) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...client, redirect_uris: [`${portal}/login`], post_logout_redirect_uris: [`${portal}/login`] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'] },
    async findAccount(_ctx, id) {
      return { accountId: id, claims: () => ({ sub: id, email: id, email_verified: true }) };
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { issuer, close: () => new Promise((resolve) => server.close(resolve)) };
}

/** fetch with a cookie jar per origin and redirects left to the caller, as a browser's pages see them. */
function browser() {
  const jars = new Map();
  return async (url, { method = 'GET', form, json, headers = {} } = {}) => {
    const { origin } = new URL(url);
    const jar = jars.get(origin) ?? new Map();
    jars.set(origin, jar);
    const sent = { ...headers };
    if (jar.size) sent.cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
    let body;
    if (form) {
      sent['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(form).toString();
    } else if (json) {
      sent['content-type'] = 'application/json';
      sent['x-xsrf-token'] = jar.get('XSRF-TOKEN') ?? '';
      body = JSON.stringify(json);
    }
    const res = await fetch(url, { method, headers: sent, body, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      const expired = attributes.some((a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    const location = res.headers.get('location');
    return {
      status: res.status,
      type: res.headers.get('content-type'),
      text: await res.text(),
      location: location && new URL(location, url).href,
    };
  };
}

/** Signs `email` in as a member does: the portal's Login, the provider's pages, back to the portal. */
async function signIn(portal, email) {
  const go = browser();
  const auth = await go(`${portal}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${portal}/login`)}`);
  if (auth.status !== 200) throw new Error(`/auth answered ${auth.status}: ${auth.text}`);
  let url = JSON.parse(auth.text).url;
  for (let hops = 0; !url.startsWith(`${portal}/login`); hops++) {
    if (hops > 20) throw new Error(`no way back to the portal from ${url}`);
    const page = await go(url);
    if (page.location) {
      url = page.location;
      continue;
    }
    // The provider's own login, then consent, forms.
    const action = /action="([^"]+)"/.exec(page.text)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page.text)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${url}: ${page.status}\n${page.text.slice(0, 500)}`);
    const fields = prompt === 'login' ? { prompt, login: email, password: 'anything' } : { prompt };
    const posted = await go(new URL(action, url).href, { method: 'POST', form: fields });
    if (!posted.location) throw new Error(`the provider's ${prompt} form answered ${posted.status}`);
    url = posted.location;
  }
  const back = new URL(url);
  const done = await go(`${portal}/api/staff/self-service/process-authentication`, {
    method: 'POST',
    json: { code: back.searchParams.get('code'), state: back.searchParams.get('state') },
  });
  if (done.status !== 200) throw new Error(`process-authentication answered ${done.status}: ${done.text}`);
  const me = await go(`${portal}/api/staff/self-service/me`);
  if (me.status !== 200) throw new Error(`/me answered ${me.status}: ${me.text}`);
  return { go, me: JSON.parse(me.text).data };
}

/** A PNG of one white pixel, as a profile picture's data URL. */
const PICTURE =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC';

/** The signed-in member saves a profile picture (into S3) and loads it back (from S3). */
async function savePicture(portal, go) {
  const saved = await go(`${portal}/api/staff/self-service/image`, { method: 'POST', json: { image_data: PICTURE } });
  if (saved.status !== 200) throw new Error(`saving the picture answered ${saved.status}: ${saved.text}`);
  const { uri } = JSON.parse(saved.text).data.selfie.data;
  const picture = await go(new URL(uri, portal).href);
  if (picture.type !== 'image/jpeg') throw new Error(`the picture answered ${picture.status} ${picture.type}`);
}

/** Resolves once `done()` is true; fails with `what` after `timeoutMs`. */
async function until(what, done, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`${what} within ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Polls /api/ready until it answers 200; fails when the container stops or two minutes pass. */
async function waitUntilReady(portal, container) {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const res = await fetch(`${portal}/api/ready`, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (res?.status === 200) return res.json();
    const state = (await podman('inspect', '--format', '{{.State.Status}}', container)).trim();
    if (state !== 'running') throw new Error(`the container is ${state}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${portal}/api/ready did not answer 200 within 120 s`);
}

/** An idle keep-alive connection, as a balancer's pool holds one: a stop must not wait for it. */
async function holdIdleConnection(portal) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  await new Promise((resolve, reject) => {
    http
      .get(`${portal}/api/health`, { agent }, (res) => {
        res.resume();
        res.on('end', resolve);
      })
      .on('error', reject);
  });
  return agent;
}

async function main() {
  checkTools();
  await checkCompose();
  const base = reuse ? 'not needed' : await ensureBase();
  const buildSeconds = reuse ? 0 : await buildImage();
  const { size } = await checkImage();

  const cleanUp = [];
  const container = `staffroom-image-test-${randomBytes(4).toString('hex')}`;
  try {
    const database = await createDatabase();
    cleanUp.push(database.drop);
    const s3 = await startS3();
    cleanUp.push(s3.close);
    const smtp = await startSmtp();
    cleanUp.push(smtp.stop);
    const port = await freePort();
    const portal = `http://localhost:${port}`;
    const client = { client_id: 'staffroom', client_secret: randomBytes(24).toString('hex') };
    const provider = await startProvider(portal, client);
    cleanUp.push(provider.close);

    const env = {
      HOST: '127.0.0.1',
      PORT: String(port),
      PUBLIC_URL: portal,
      DATABASE_URL: database.url,
      APP_SECRET: randomBytes(32).toString('hex'),
      ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      OIDC_ISSUER: provider.issuer,
      OIDC_CLIENT_ID: client.client_id,
      OIDC_CLIENT_SECRET: client.client_secret,
      SMTP_URL: smtp.url,
      MAIL_FROM: 'Staffroom <staffroom@example.com>',
      SHUTDOWN_GRACE_S: String(GRACE_S),
      ...s3.env,
    };
    // --read-only-tmpfs=false: not even /tmp is writable, so any write to disk fails.
    await podman(
      'run',
      '--detach',
      '--name',
      container,
      '--read-only',
      '--read-only-tmpfs=false',
      '--network',
      'host',
      ...Object.entries(env).flatMap(([name, value]) => ['--env', `${name}=${value}`]),
      IMAGE,
    );
    cleanUp.push(() => podman('rm', '--force', '--ignore', container));
    const startedAt = performance.now();
    const ready = await waitUntilReady(portal, container);
    console.log(`Ready in ${seconds(startedAt)} s: ${JSON.stringify(ready.data.checks)}`);

    await podman('healthcheck', 'run', container);
    console.log('podman healthcheck run: healthy');
    const maps = await podman('exec', container, 'find', '/app', '-name', '*.map', '-not', '-path', '*/node_modules/*');
    if (maps.trim()) throw new Error(`the image holds source maps:\n${maps}`);

    const admin = (...args) => podman('exec', container, 'node', 'scripts/admin.mjs', ...args);
    await admin('venue', 'add', VENUE);
    await admin('fieldset', 'import', 'templates/fieldsets/uk-hospitality-joiner.yaml');
    await admin('create-staff', ...flags(MEMBER));
    await admin('invite', ...flags(JOINER));
    await until('the invitation did not reach the SMTP server', () =>
      smtp.received.some((mail) => mail.to.includes(JOINER.email)),
    );

    const { go, me } = await signIn(portal, MEMBER.email);
    if (me.forename !== MEMBER.forename) throw new Error(`/me answered ${JSON.stringify(me)}`);
    await savePicture(portal, go);
    if (s3.objects() === 0) throw new Error('the picture is not in the S3 bucket');
    console.log(
      `Signed ${me.forename} ${me.surname} in through ${provider.issuer}; a picture went to S3 and the invitation by SMTP.`,
    );

    const changed = (await podman('diff', container)).trim();
    if (changed) throw new Error(`the container's file system changed:\n${changed}`);

    const idle = await holdIdleConnection(portal);
    const stopAt = performance.now();
    await podman('kill', '--signal', 'TERM', container);
    const code = Number((await podman('wait', container)).trim());
    const stopMs = Math.round(performance.now() - stopAt);
    idle.destroy();
    if (code !== 0) throw new Error(`the container exited with status ${code} after SIGTERM`);
    if (stopMs > GRACE_S * 1000)
      throw new Error(`the container took ${stopMs} ms to stop (SHUTDOWN_GRACE_S=${GRACE_S})`);
    const errors = (await podman('logs', container)).split('\n').filter((line) => {
      try {
        return JSON.parse(line).level >= 50;
      } catch {
        return false;
      }
    });
    if (errors.length) throw new Error(`the log has errors:\n${errors.join('\n')}`);
    console.log(`Stopped by SIGTERM in ${stopMs} ms with status 0, holding an idle connection.`);
  } catch (err) {
    const logs = await podman('logs', container).catch(() => '');
    if (logs) console.error(`The container's log:\n${logs}`);
    throw err;
  } finally {
    for (const step of cleanUp.reverse()) await step();
  }
  console.log(
    `Image ${IMAGE}: ${Math.round(size / 1024 / 1024)} MiB; ${reuse ? 'reused' : `base ${base}; built (DIST=${dist}) in ${buildSeconds} s`}; test:image took ${seconds(started)} s in all.`,
  );
}

main().catch((err) => {
  console.error(`test-image: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
