/**
 * Start-up and idle memory of the built server, for `npm run bench` (and alone:
 * `node scripts/bench/start-up.mjs [rounds]`). Each round, interleaved: a bare Fastify hello-world
 * (the baseline), then `dist/server/main.js` on a fresh PGlite folder (the build's migrated
 * database unpacked, then the demo seed), again on that folder (a restart), on a fresh PostgreSQL
 * database (migrations, demo seed) and again on it. Each is timed from spawn to its first successful `GET /api/health` (polled every
 * 5 ms), and its resident memory (VmRSS) is read 3 s later, idle, and in the last round also 30 s
 * later, once V8 has given back the young generation the start filled (its memory reducer runs
 * after some seconds without allocation). The server's own log line "started" gives the phases.
 * Answers medians over the rounds.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { pathToFileURL } from 'node:url';
import pg from 'pg';

const IDLE_MS = 3000;
const SETTLED_MS = 30_000;

/** A process's resident memory in MiB, from /proc (Linux). */
export function rssMiB(pid) {
  const kb = /VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
  return kb ? Number(kb) / 1024 : NaN;
}

export const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

/** A fresh, empty database on the server of `adminUrl`; answers its URL. */
export async function freshDatabase(adminUrl, name) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

function answers(url) {
  return new Promise((resolve) => {
    const req = http.get(url, { agent: false }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode === 200));
    });
    req.on('error', () => resolve(false));
    req.setTimeout(2000, () => req.destroy());
  });
}

/**
 * Spawns `args` and polls `url` until it answers 200; resolves with the child, the milliseconds
 * from spawn to that answer, and the server's stdout so far.
 */
export async function timeToFirstAnswer(args, url, { env = {}, cwd } = {}) {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, ...env },
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => (out += chunk));
  child.stderr.on('data', (chunk) => (err += chunk));
  let exited = false;
  child.once('exit', () => (exited = true));
  for (;;) {
    if (exited) throw new Error(`${args.join(' ')} stopped before answering:\n${out}\n${err}`);
    if (await answers(url)) break;
    await sleep(5);
  }
  return { child, ms: performance.now() - started, output: () => out };
}

export async function stop(child) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The phases of the server's "started" log line (LOG_LEVEL=info), in ms. */
function phasesOf(output) {
  for (const line of output.split('\n')) {
    if (!line.startsWith('{')) continue;
    try {
      const entry = JSON.parse(line);
      if (entry.startUp) return entry.startUp;
    } catch {
      // not a log line
    }
  }
  return undefined;
}

/**
 * Runs the rounds. `entry` is the server's main.js (default this checkout's build; another
 * checkout's build compares before and after in one run), started with its package as working folder.
 * `settle: false` skips the 30 s reading.
 * @param {{ rounds?: number, adminUrl: string, tmp: string, entry?: string, port?: number, settle?: boolean }} opts
 */
export async function measureStartUp({
  rounds = 5,
  adminUrl,
  tmp,
  entry = 'dist/server/main.js',
  port = 3451,
  settle = true,
}) {
  const main = path.resolve(entry);
  const cwd = path.resolve(path.dirname(main), '../..');
  const base = `http://127.0.0.1:${port}`;
  const serverEnv = (dataDir, databaseUrl) => ({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    LOG_LEVEL: 'info',
    NODE_ENV: 'development',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATABASE_URL: '' }),
  });
  const targets = [
    {
      name: 'bare Fastify hello-world (baseline)',
      run: () =>
        timeToFirstAnswer([path.resolve('scripts/bench/baseline-server.mjs'), 'hello', String(port)], `${base}/`),
    },
    { name: 'PGlite, first start (new folder, demo seed)', fresh: 'pglite' },
    { name: 'PGlite, restart', again: 'pglite' },
    { name: 'PostgreSQL, first start (migrations, demo seed)', fresh: 'pg' },
    { name: 'PostgreSQL, restart', again: 'pg' },
  ].map((t) => ({ ...t, rounds: [] }));

  for (let round = 1; round <= rounds; round++) {
    const dataDir = path.join(tmp, `start-up-${round}`);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const pgUrl = await freshDatabase(adminUrl, 'staffroom_bench_start');
    for (const target of targets) {
      const env =
        target.fresh === 'pg' || target.again === 'pg'
          ? serverEnv(path.join(dataDir, 'pg'), pgUrl)
          : serverEnv(path.join(dataDir, 'pglite'));
      const run = target.run ?? (() => timeToFirstAnswer([main], `${base}/api/health`, { env, cwd }));
      const { child, ms, output } = await run();
      await sleep(IDLE_MS);
      const rss = rssMiB(child.pid);
      let settled;
      if (settle && round === rounds) {
        await sleep(SETTLED_MS - IDLE_MS);
        settled = rssMiB(child.pid);
      }
      await stop(child);
      target.rounds.push({ ms, rss, settled, phases: phasesOf(output()) });
      process.stderr.write(
        `start-up round ${round}/${rounds} ${target.name}: ${Math.round(ms)} ms, ${Math.round(rss)} MiB${settled ? `, ${Math.round(settled)} MiB settled` : ''}\n`,
      );
    }
  }
  return targets.map(({ name, rounds: runs }) => {
    const phaseNames = Object.keys(runs.find((r) => r.phases)?.phases ?? {});
    return {
      name,
      ms: median(runs.map((r) => r.ms)),
      rss: median(runs.map((r) => r.rss)),
      settled: runs.at(-1).settled ?? NaN,
      phases: Object.fromEntries(phaseNames.map((p) => [p, median(runs.map((r) => r.phases?.[p] ?? NaN))])),
    };
  });
}

/** Markdown tables of measureStartUp's answer. */
export function startUpTables(rows, rounds) {
  const baseline = rows[0];
  const lines = [
    `\nStart-up: spawn to the first answer (medians of ${rounds} interleaved rounds), and resident memory idle ${IDLE_MS / 1000} s later (median) and ${SETTLED_MS / 1000} s later (last round)\n`,
    `| start | first answer | vs bare Fastify | RSS after ${IDLE_MS / 1000} s | RSS after ${SETTLED_MS / 1000} s |`,
    '|---|---|---|---|---|',
    ...rows.map(
      (r) =>
        `| ${r.name} | ${(r.ms / 1000).toFixed(2)} s | ${(r.ms / baseline.ms).toFixed(1)} x | ${Math.round(r.rss)} MiB | ${Math.round(r.settled)} MiB |`,
    ),
  ];
  const phased = rows.filter((r) => Object.keys(r.phases).length);
  const names = [...new Set(phased.flatMap((r) => Object.keys(r.phases)))];
  if (names.length) {
    lines.push(
      '',
      'Where the time goes (ms, from the server\'s "started" log line)\n',
      `| start | ${names.join(' | ')} |`,
      `|---|${names.map(() => '---:').join('|')}|`,
    );
    for (const r of phased)
      lines.push(
        `| ${r.name} | ${names.map((n) => (Number.isFinite(r.phases[n]) ? Math.round(r.phases[n]) : '')).join(' | ')} |`,
      );
  }
  return lines.join('\n');
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
  const rounds = Number(process.argv[2] ?? 5);
  const tmp = path.resolve('.tmp/bench-start-up');
  fs.mkdirSync(tmp, { recursive: true });
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const rows = await measureStartUp({ rounds, adminUrl, tmp, entry: process.env.BENCH_SERVER_ENTRY });
  console.log(startUpTables(rows, rounds));
}
