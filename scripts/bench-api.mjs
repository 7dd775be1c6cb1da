/**
 * `npm run bench`: start-up and memory, then the API under load, as ratios against baselines
 * started in the same run (docs/architecture.md#tests: timing lives here, not in tests).
 * Start-up (bench/start-up.mjs): first start and restart on PGlite and PostgreSQL against a bare
 * Fastify start, with the idle memory of each. Then Staffroom is started built
 * (`dist/server/main.js`) on PostgreSQL (a fresh database on DATABASE_URL's server, default the local
 * one) and on PGlite, with the demo member signed in through the real flow; autocannon drives
 * `GET /me`, the discount status and a static asset with 100 connections for 10 s each, interleaved,
 * three rounds, next to a bare Fastify hello-world and a bare Fastify one-SELECT route on each
 * database. Prints req/s, p50 and p99 (medians of the rounds) and both ratios, and each server's
 * resident memory idle (3 s after it answered, before any load) and after the load. Then a sustained
 * load: 200 signed-in clients on `GET /me` for 60 s on each database, with errors, p99 and the slowest
 * answer (targets: none failing and p99 under 1 s on PostgreSQL; none over 5 s on PGlite, which queues).
 * Last, HR's staff import of 3,000 people on each database (bench/staff-import.mjs): the dry run, the
 * apply and the same file again, each timed, with the server's peak resident memory. Then what the
 * seal adds to a contract signature (bench/document-seal.mjs: A/B, median of 20).
 * Usage: `npm run bench [-- rounds seconds [start-up rounds [sustained seconds]]]`.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { signIn, startPortal } from './bench/portal.mjs';
import { benchDocumentSeal } from './bench/document-seal.mjs';
import { benchStaffImport, IMPORT_TABLE_HEAD } from './bench/staff-import.mjs';
import { freshDatabase as freshDatabaseOn, measureStartUp, median, rssMiB, startUpTables } from './bench/start-up.mjs';

const ROUNDS = Number(process.argv[2] ?? 3);
const SECONDS = Number(process.argv[3] ?? 10);
const START_UP_ROUNDS = Number(process.argv[4] ?? 5);
const CONNECTIONS = 100;
const SUSTAINED_SECONDS = Number(process.argv[5] ?? 60);
const SUSTAINED_CONNECTIONS = 200;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TMP = path.resolve('.tmp/bench-api');

function startBaseline(kind, port, env = {}, dataDir = '') {
  const child = spawn(process.execPath, ['scripts/bench/baseline-server.mjs', kind, String(port), dataDir], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => String(chunk).includes('ready') && resolve(child));
    child.once('exit', (code) => reject(new Error(`baseline ${kind} stopped (${code})`)));
  });
}

const freshDatabase = (name) => freshDatabaseOn(ADMIN_URL, name);

function load(url, headers = {}, connections = CONNECTIONS, duration = SECONDS) {
  return new Promise((resolve, reject) => {
    // A 30 s client time-out, so that a slow answer is measured rather than counted as an error.
    autocannon({ url, connections, duration, headers, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const children = [];
  try {
    // First, while nothing else of ours runs.
    const startUp = await measureStartUp({ rounds: START_UP_ROUNDS, adminUrl: ADMIN_URL, tmp: TMP });
    const pgUrl = await freshDatabase('staffroom_bench');
    const selectPgUrl = await freshDatabase('staffroom_bench_floor');
    children.push(await startBaseline('hello', 3401));
    children.push(await startBaseline('select', 3402, { DATABASE_URL: selectPgUrl }));
    children.push(await startBaseline('select', 3403, {}, path.join(TMP, 'floor-pglite')));
    const onPg = await startPortal({ port: 3404, dataDir: path.join(TMP, 'portal-pg'), databaseUrl: pgUrl });
    children.push(onPg.server);
    const onPglite = await startPortal({ port: 3405, dataDir: path.join(TMP, 'portal-pglite') });
    children.push(onPglite.server);
    await sleep(3000);
    const servers = [
      { name: 'Fastify hello-world', child: children[0] },
      { name: 'Fastify one SELECT, PostgreSQL', child: children[1] },
      { name: 'Fastify one SELECT, PGlite', child: children[2] },
      { name: 'Staffroom, PostgreSQL', child: onPg.server },
      { name: 'Staffroom, PGlite', child: onPglite.server },
    ].map((s) => ({ ...s, idle: rssMiB(s.child.pid) }));
    const cookiePg = await signIn(onPg.base);
    const cookiePglite = await signIn(onPglite.base);
    const asset = fs.readdirSync('dist/web/assets').find((f) => /^index-.*\.js$/.test(f));

    const targets = [
      { name: 'Fastify hello-world', group: 'baseline', url: 'http://127.0.0.1:3401/' },
      { name: 'Fastify one SELECT, PostgreSQL', group: 'floor-pg', url: 'http://127.0.0.1:3402/' },
      { name: 'Fastify one SELECT, PGlite', group: 'floor-pglite', url: 'http://127.0.0.1:3403/' },
      {
        name: 'GET /me, PostgreSQL',
        db: 'pg',
        url: `${onPg.base}/api/staff/self-service/me`,
        headers: { cookie: cookiePg },
      },
      {
        name: 'discount status, PostgreSQL',
        db: 'pg',
        url: `${onPg.base}/api/staff/self-service/staff-discount-status`,
        headers: { cookie: cookiePg },
      },
      {
        name: 'static asset, PostgreSQL',
        db: 'pg',
        url: `${onPg.base}/assets/${asset}`,
        headers: { 'accept-encoding': 'br' },
      },
      {
        name: 'GET /me, PGlite',
        db: 'pglite',
        url: `${onPglite.base}/api/staff/self-service/me`,
        headers: { cookie: cookiePglite },
      },
      {
        name: 'discount status, PGlite',
        db: 'pglite',
        url: `${onPglite.base}/api/staff/self-service/staff-discount-status`,
        headers: { cookie: cookiePglite },
      },
      {
        name: 'static asset, PGlite',
        db: 'pglite',
        url: `${onPglite.base}/assets/${asset}`,
        headers: { 'accept-encoding': 'br' },
      },
    ].map((t) => ({ ...t, rounds: [] }));

    for (let round = 1; round <= ROUNDS; round++) {
      for (const target of targets) {
        const r = await load(target.url, target.headers);
        target.rounds.push({
          rps: r.requests.average,
          p50: r.latency.p50,
          p99: r.latency.p99,
          bad: r.non2xx + r.errors + r.timeouts,
        });
        process.stderr.write(
          `round ${round}/${ROUNDS} ${target.name}: ${Math.round(r.requests.average)} req/s, p99 ${r.latency.p99} ms, ${r.non2xx} non-2xx, ${r.errors} errors\n`,
        );
      }
    }
    for (const s of servers) s.loaded = rssMiB(s.child.pid);
    await sleep(30_000);
    for (const s of servers) s.rested = rssMiB(s.child.pid);
    const m = (t, key) => median(t.rounds.map((r) => r[key]));
    const hello = m(targets[0], 'rps');
    const floor = { pg: m(targets[1], 'rps'), pglite: m(targets[2], 'rps') };
    console.log(`\n${CONNECTIONS} connections, ${SECONDS} s each, medians of ${ROUNDS} interleaved rounds\n`);
    console.log('| target | req/s | p50 | p99 | not 2xx | vs hello-world | vs one SELECT |');
    console.log('|---|---|---|---|---|---|---|');
    for (const t of targets) {
      const rps = m(t, 'rps');
      const vsFloor = t.db ? `${Math.round((100 * rps) / floor[t.db])} %` : '';
      console.log(
        `| ${t.name} | ${Math.round(rps)} | ${m(t, 'p50')} ms | ${m(t, 'p99')} ms | ${m(t, 'bad')} | ${((100 * rps) / hello).toFixed(1)} % | ${vsFloor} |`,
      );
    }
    console.log(startUpTables(startUp, START_UP_ROUNDS));
    console.log(
      '\nResident memory (VmRSS) of the servers above: 3 s after a first start, before any request; right after the last round; 30 s after it\n',
    );
    console.log('| server | idle | after load | 30 s after load |');
    console.log('|---|---|---|---|');
    for (const s of servers)
      console.log(
        `| ${s.name} | ${Math.round(s.idle)} MiB | ${Math.round(s.loaded)} MiB | ${Math.round(s.rested)} MiB |`,
      );

    if (SUSTAINED_SECONDS > 0) {
      console.log(`\n${SUSTAINED_CONNECTIONS} signed-in clients on GET /me for ${SUSTAINED_SECONDS} s\n`);
      console.log('| database | requests | req/s | p50 | p99 | slowest | errors | time-outs | not 2xx |');
      console.log('|---|---|---|---|---|---|---|---|---|');
      for (const [name, base, cookie] of [
        ['PostgreSQL', onPg.base, cookiePg],
        ['PGlite', onPglite.base, cookiePglite],
      ]) {
        const r = await load(`${base}/api/staff/self-service/me`, { cookie }, SUSTAINED_CONNECTIONS, SUSTAINED_SECONDS);
        console.log(
          `| ${name} | ${r.requests.total} | ${Math.round(r.requests.average)} | ${r.latency.p50} ms | ${r.latency.p99} ms | ${r.latency.max} ms | ${r.errors} | ${r.timeouts} | ${r.non2xx} |`,
        );
      }
    }

    // Last, so the 3,000 people it adds are not in the loads above.
    const imports = [...IMPORT_TABLE_HEAD];
    imports.push(
      ...(await benchStaffImport({
        name: 'PostgreSQL',
        portal: onPg,
        dataDir: path.join(TMP, 'portal-pg'),
        databaseUrl: pgUrl,
      })),
    );
    imports.push(
      ...(await benchStaffImport({ name: 'PGlite', portal: onPglite, dataDir: path.join(TMP, 'portal-pglite') })),
    );
    console.log(imports.join('\n'));
  } finally {
    for (const child of children) child.kill();
  }
  // The seal's cost to a contract signature, in this process once the servers are gone.
  await benchDocumentSeal();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
