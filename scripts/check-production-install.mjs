/**
 * The production install works (run by .ci/run after `npm test`, which builds): copies what a
 * deployment ships (RELEASE) to a temporary folder, runs `npm ci --omit=dev` there, starts
 * `npm run serve` on a free port and a fresh embedded data folder, waits for /api/health, loads the
 * page, runs an admin command through the control channel with `npm run admin`, and stops it.
 * Before that, it refuses a build that imports a package `dependencies` does not list: Vite bundles
 * the web's packages, so they are devDependencies and absent from that install, and a server file
 * importing one would only fail when its code path first runs. Prints the install's size beside
 * the full one's. Usage: `npm run build && node scripts/check-production-install.mjs`.
 */
import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import { isBuiltin } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './free-port.mjs';

/** What a deployment needs beside its node_modules: the build, the migrations, the templates, the CLI launcher. */
const RELEASE = ['package.json', 'package-lock.json', 'dist', 'drizzle', 'templates', 'scripts/admin.mjs'];
/** A first start unpacks the database template and seeds the demo; a slow CI machine takes a few seconds. */
const START_TIMEOUT_MS = 120_000;
const STOP_TIMEOUT_MS = 15_000;

const pkg = JSON.parse(fs.readFileSync('package.json', 'utf8'));

/** `@scope/name/sub` → `@scope/name`; `name/sub` → `name`. */
const packageOf = (specifier) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** Every package the built server names in an import, a dynamic import or a require.resolve, with the files that do. */
function packagesImportedBy(dir) {
  const found = new Map();
  const pattern = /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\bresolve\(\s*)['"]([^'"./][^'"]*)['"]/g;
  for (const entry of fs.readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !entry.name.endsWith('.js')) continue;
    const file = path.join(entry.parentPath, entry.name);
    for (const [, specifier] of fs.readFileSync(file, 'utf8').matchAll(pattern)) {
      // Text such as `from ': '` in a message is not an import: a package name starts with a letter, digit or @scope/.
      if (isBuiltin(specifier) || !/^(@[a-z0-9][\w.-]*\/)?[a-z0-9][\w.-]*(\/|$)/i.test(specifier)) continue;
      const name = packageOf(specifier);
      found.set(name, [...(found.get(name) ?? []), path.relative('.', file)]);
    }
  }
  return found;
}

/** MiB on disk, as `du` counts them. */
const mib = (dir) => Math.round(Number(execFileSync('du', ['-sk', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024);

/** Runs `npm run <script> -- ...args` in `cwd`; answers its exit code and output. */
function npmRun(cwd, env, script, ...args) {
  return new Promise((resolve) => {
    const child = spawn('npm', ['run', '--silent', script, '--', ...args], {
      cwd,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (chunk) => (out += chunk));
    child.stderr.on('data', (chunk) => (out += chunk));
    child.on('close', (code) => resolve({ code, out }));
  });
}

/** Polls `url` until it answers 200, the server stops, or the time is up. */
async function waitForHealth(url, server, log) {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null || server.signalCode !== null)
      throw new Error(`the server stopped (${server.exitCode ?? server.signalCode}) before it answered:\n${log()}`);
    const res = await fetch(url, { signal: AbortSignal.timeout(5_000) }).catch(() => undefined);
    if (res?.ok) return res.json();
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`no answer from ${url} within ${START_TIMEOUT_MS / 1000} s:\n${log()}`);
}

/** Stops `npm run serve` and the node process under it (its own process group), by force if it hangs. */
async function stop(server) {
  if (server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, 'SIGTERM');
  const timer = setTimeout(() => process.kill(-server.pid, 'SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

async function main() {
  for (const file of ['dist/server/main.js', 'dist/server/cli/index.js', 'dist/web/index.html']) {
    if (!fs.existsSync(file)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const runtime = new Set(Object.keys(pkg.dependencies));
  const missing = [...packagesImportedBy('dist/server')].filter(([name]) => !runtime.has(name));
  if (missing.length) {
    throw new Error(
      `the built server imports packages that are not in "dependencies":\n${missing.map(([name, files]) => `  ${name}: ${[...new Set(files)].join(', ')}`).join('\n')}`,
    );
  }

  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-production-'));
  let server;
  try {
    for (const item of RELEASE) fs.cpSync(item, path.join(dir, item), { recursive: true });
    console.log(`npm ci --omit=dev in ${dir}`);
    execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund'], { cwd: dir, stdio: 'inherit' });
    for (const dev of ['tsx', 'react', 'vite', '@mui/material']) {
      if (fs.existsSync(path.join(dir, 'node_modules', dev)))
        throw new Error(`${dev} was installed by npm ci --omit=dev`);
    }

    const port = await freePort();
    const base = `http://localhost:${port}`;
    const env = {
      ...process.env,
      PORT: String(port),
      PUBLIC_URL: base,
      DATA_DIR: path.join(dir, 'data'),
      LOG_LEVEL: 'warn',
    };
    delete env.DATABASE_URL;
    delete env.NODE_ENV;
    let log = '';
    server = spawn('npm', ['run', 'serve'], { cwd: dir, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
    server.stdout.on('data', (chunk) => (log += chunk));
    server.stderr.on('data', (chunk) => (log += chunk));
    const health = await waitForHealth(`${base}/api/health`, server, () => log);
    if (health?.data?.status !== 'ok') throw new Error(`/api/health answered ${JSON.stringify(health)}`);

    const page = await fetch(`${base}/`);
    if (!page.ok || !(await page.text()).includes('<div id="root">'))
      throw new Error(`GET / answered ${page.status} without the app's page`);

    // The server holds the PGlite folder, so the command goes through the control channel.
    const email = 'production.check@example.com';
    const admin = await npmRun(
      dir,
      env,
      'admin',
      'create-staff',
      '--forename',
      'Pat',
      '--surname',
      'Check',
      '--email',
      email,
      '--password',
      'Welcome123',
    );
    if (admin.code !== 0 || !admin.out.includes(`Created staff member ${email}`))
      throw new Error(`npm run admin -- create-staff: exit ${admin.code}\n${admin.out}\n${log}`);

    console.log(
      `Production install: serves ${base} (database ${health.data.database}) and ran npm run admin -- create-staff.`,
    );
    console.log(
      `node_modules: ${mib(path.join(dir, 'node_modules'))} MiB with --omit=dev${fs.existsSync('node_modules') ? `, ${mib('node_modules')} MiB in full` : ''}.`,
    );
  } finally {
    if (server) await stop(server);
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(`check-production-install: ${err instanceof Error ? err.message : err}`);
  process.exit(1);
});
