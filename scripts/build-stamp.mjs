/**
 * Whether `dist/` is the build of the sources as they are, so `npm start` builds only when something
 * the build reads has changed since the last build that succeeded (docs/decisions/0044-quiet-start.md).
 * `npm run build` removes the stamp `dist/.build-stamp` as it starts and puts it back, dated when the
 * build started, once every step has succeeded; the build is current when no file of BUILD_INPUTS
 * was modified after the stamp's date (a file saved while a build runs is built again next time).
 *
 * Usage, from the repository's root (npm runs scripts there):
 *   node scripts/build-stamp.mjs clear              as a build starts: it is not current until it ends
 *   node scripts/build-stamp.mjs write              after a build that succeeded
 *   node scripts/build-stamp.mjs build-if-changed   `npm start`: builds only when not current, showing
 *                                                   the build's output only when it fails
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The stamp, relative to the root. */
export const STAMP = path.join('dist', '.build-stamp');
/** Written as a build starts: its date becomes the stamp's. */
const STARTED = path.join('dist', '.build-started');

/**
 * What the build reads, relative to the root: folders are read whole. The hidden lockfile in
 * node_modules changes on every `npm ci` or `npm install`, as the installed packages do.
 */
export const BUILD_INPUTS = [
  'src',
  'drizzle',
  'scripts/build-pglite-template.mjs',
  'vite.config.ts',
  'tsconfig.base.json',
  'tsconfig.json',
  'tsconfig.server.json',
  'tsconfig.web.json',
  'tsconfig.sw.json',
  'package.json',
  'package-lock.json',
  'node_modules/.package-lock.json',
];

/**
 * The most recently modified file of `inputs` under `root`, or null when there is none (a missing
 * input is skipped).
 * @returns `{ file, mtimeMs }`, file relative to root
 */
export function newestInput(root, inputs = BUILD_INPUTS) {
  let newest = null;
  const consider = (file) => {
    const { mtimeMs } = fs.statSync(path.join(root, file));
    if (!newest || mtimeMs > newest.mtimeMs) newest = { file, mtimeMs };
  };
  for (const input of inputs) {
    const stat = fs.statSync(path.join(root, input), { throwIfNoEntry: false });
    if (!stat) continue;
    if (!stat.isDirectory()) {
      consider(input);
      continue;
    }
    for (const entry of fs.readdirSync(path.join(root, input), { recursive: true, withFileTypes: true })) {
      if (entry.isFile()) consider(path.relative(root, path.join(entry.parentPath, entry.name)));
    }
  }
  return newest;
}

/**
 * Whether the build under `root` is current: its stamp is there and no input was modified after it.
 * @returns `{ current: true }`, or `{ current: false, why }` with why in words
 */
export function buildState(root, inputs = BUILD_INPUTS) {
  const stamp = fs.statSync(path.join(root, STAMP), { throwIfNoEntry: false });
  if (!stamp) return { current: false, why: 'there is no finished build' };
  const newest = newestInput(root, inputs);
  if (newest && newest.mtimeMs > stamp.mtimeMs) return { current: false, why: `${newest.file} changed` };
  return { current: true };
}

/** Marks the build under `root` as not current, and notes that a build starts now. */
export function clearStamp(root) {
  fs.rmSync(path.join(root, STAMP), { force: true });
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, STARTED), `${new Date().toISOString()}\n`);
}

/** Marks the build under `root` as current, as of when it started (now, when clearStamp was not run). */
export function writeStamp(root) {
  if (fs.existsSync(path.join(root, STARTED))) {
    fs.renameSync(path.join(root, STARTED), path.join(root, STAMP));
    return;
  }
  fs.mkdirSync(path.join(root, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(root, STAMP), `${new Date().toISOString()}\n`);
}

/**
 * Runs `npm run build` in `root` when the build is not current. Its output is kept, not shown: a
 * newcomer's screen ends with what the server prints, not with 700 lines of chunk sizes; a build that
 * fails shows all of it. @returns the exit status (0 when current or built)
 */
async function buildIfChanged(root) {
  const state = buildState(root);
  if (state.current) {
    process.stdout.write('The build is up to date: nothing it reads has changed since it was made.\n');
    return 0;
  }
  process.stdout.write(`Building Staffroom (${state.why}); a first build takes a minute or two...\n`);
  const started = performance.now();
  const npm = process.env.npm_execpath
    ? { command: process.execPath, args: [process.env.npm_execpath, 'run', 'build'] }
    : { command: 'npm', args: ['run', 'build'] };
  const output = [];
  const status = await new Promise((resolve) => {
    const build = spawn(npm.command, npm.args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] });
    build.stdout.on('data', (chunk) => output.push(chunk));
    build.stderr.on('data', (chunk) => output.push(chunk));
    build.on('error', (err) => {
      output.push(Buffer.from(`${err.message}\n`));
      resolve(1);
    });
    build.on('close', (code) => resolve(code ?? 1));
  });
  if (status !== 0) {
    process.stderr.write(Buffer.concat(output));
    process.stderr.write(`\nThe build failed (status ${status}): its output is above.\n`);
    return status;
  }
  process.stdout.write(`Built in ${Math.round((performance.now() - started) / 1000)} s.\n`);
  return 0;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = process.cwd();
  const command = process.argv[2];
  if (command === 'clear') clearStamp(root);
  else if (command === 'write') writeStamp(root);
  else if (command === 'build-if-changed') process.exitCode = await buildIfChanged(root);
  else {
    process.stderr.write('Usage: node scripts/build-stamp.mjs clear | write | build-if-changed\n');
    process.exitCode = 2;
  }
}
