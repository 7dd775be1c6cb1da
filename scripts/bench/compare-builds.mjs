/**
 * `node scripts/bench/compare-builds.mjs <other build's folder> [rounds seconds]`, after `npm run build`
 * here and there (e.g. a worktree of an older commit, its node_modules linked to this one's): is this
 * build's hot path as fast as the other's? Both builds start on PostgreSQL (a fresh database each on
 * BENCH_DATABASE_URL's server, default the local one) and on PGlite with the demo seed; the demo member
 * signs in through the real flow on each, and each build's own CLI makes a till key. Then, in every
 * round, each target on each database is measured on both builds back to back (every other round the
 * other build first): `GET /me` and the till's check of the member's discount code
 * (`POST /discount/verify`), autocannon with 50 connections. The till's check is limited to 120 calls
 * a minute per address, so the servers trust one proxy hop and each call names another address.
 * Prints p50, p99 and req/s of each build (medians of the rounds) and this build's ratio to the other's.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase, median, stop } from './start-up.mjs';

const OTHER = process.argv[2] && path.resolve(process.argv[2]);
const ROUNDS = Number(process.argv[3] ?? 3);
const SECONDS = Number(process.argv[4] ?? 10);
const CONNECTIONS = 50;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TMP = path.resolve('.tmp/bench-compare-builds');
const PORT = 3421;

const load = (opts) =>
  new Promise((resolve, reject) =>
    autocannon({ connections: CONNECTIONS, duration: SECONDS, timeout: 30, ...opts }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** A till key made by the build in `cwd` with its own CLI, for the portal on `env`'s database. */
function createTillKey(cwd, env) {
  const run = spawnSync(
    process.execPath,
    ['dist/server/cli/index.js', 'till-key', 'create', '--venue', 'The Lantern, Leeds'],
    {
      cwd,
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      encoding: 'utf8',
    },
  );
  const key = /till_[A-Za-z0-9_-]{43}/.exec(run.stdout)?.[0];
  if (!key) throw new Error(`till-key create (${cwd}): ${run.stdout}${run.stderr}`);
  return key;
}

/** A random address for X-Forwarded-For, so that each till call has its own rate-limit budget. */
const someAddress = () => `10.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}.${(Math.random() * 256) | 0}`;

async function main() {
  if (!OTHER || !fs.existsSync(path.join(OTHER, 'dist/server/main.js')))
    throw new Error('Usage: node scripts/bench/compare-builds.mjs <folder of another built checkout> [rounds seconds]');
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const builds = [
    { name: 'this build', cwd: process.cwd() },
    { name: 'other build', cwd: OTHER },
  ];
  const servers = [];
  const targets = [];
  try {
    let port = PORT;
    for (const build of builds)
      for (const database of ['PostgreSQL', 'PGlite']) {
        const dataDir = path.join(TMP, `${build.name.replace(' ', '-')}-${database}`);
        const databaseUrl =
          database === 'PostgreSQL'
            ? await freshDatabase(ADMIN_URL, `staffroom_compare_${build.name.split(' ')[0]}`)
            : undefined;
        const env = { TRUST_PROXY: '1', SIGN_IN_ATTEMPTS_PER_MINUTE: '1000000' };
        const portal = await startPortal({ port: port++, dataDir, databaseUrl, cwd: build.cwd, env });
        servers.push(portal.server);
        const cookie = await signIn(portal.base);
        const status = await (
          await fetch(`${portal.base}/api/staff/self-service/staff-discount-status`, { headers: { cookie } })
        ).json();
        // The CLI on PGlite hands the command to the running server (its control channel).
        const key = createTillKey(build.cwd, {
          DATA_DIR: dataDir,
          ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
        });
        const tillCheck = {
          url: `${portal.base}/api/discount/verify`,
          method: 'POST',
          headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
          body: JSON.stringify({ code: status.data.code }),
          requests: [
            { setupRequest: (req) => ({ ...req, headers: { ...req.headers, 'x-forwarded-for': someAddress() } }) },
          ],
        };
        const check = await fetch(tillCheck.url, { method: 'POST', headers: tillCheck.headers, body: tillCheck.body });
        const answer = await check.json();
        if (check.status !== 200 || !answer.data.valid)
          throw new Error(`the till's check answered ${check.status} ${JSON.stringify(answer)}`);
        for (const [name, opts] of [
          ['GET /me', { url: `${portal.base}/api/staff/self-service/me`, headers: { cookie } }],
          ["till's check", tillCheck],
        ])
          targets.push({ build: build.name, database, name, opts, rounds: [] });
      }
    // Unmeasured: each server's code warmed up alike.
    for (const t of targets) await load({ ...t.opts, duration: 2 });
    for (let round = 1; round <= ROUNDS; round++)
      for (const database of ['PostgreSQL', 'PGlite'])
        for (const name of ['GET /me', "till's check"]) {
          const pair = targets.filter((t) => t.database === database && t.name === name);
          for (const t of round % 2 ? pair : pair.reverse()) {
            const r = await load(t.opts);
            const bad = r.requests.total - r['2xx'];
            t.rounds.push({ p50: r.latency.p50, p99: r.latency.p99, rps: r.requests.average, bad });
            process.stderr.write(
              `round ${round}/${ROUNDS}, ${t.build}, ${database}, ${name}: ${Math.round(r.requests.average)} req/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ${bad} not 2xx; load average ${os.loadavg()[0].toFixed(1)}\n`,
            );
          }
        }
    console.log(
      `\nThis build (${process.cwd()}) against ${OTHER}; ${CONNECTIONS} connections, ${SECONDS} s, medians of ${ROUNDS} rounds\n`,
    );
    console.log(
      '| database | call | p50 this / other | p99 this / other | req/s this / other | p99 ratio | req/s ratio | not 2xx |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    const m = (t, key) => median(t.rounds.map((r) => r[key]));
    for (const database of ['PostgreSQL', 'PGlite'])
      for (const name of ['GET /me', "till's check"]) {
        const [a, b] = ['this build', 'other build'].map((build) =>
          targets.find((t) => t.build === build && t.database === database && t.name === name),
        );
        console.log(
          `| ${database} | ${name} | ${m(a, 'p50')} / ${m(b, 'p50')} ms | ${m(a, 'p99')} / ${m(b, 'p99')} ms | ${Math.round(m(a, 'rps'))} / ${Math.round(m(b, 'rps'))} | ${(m(a, 'p99') / m(b, 'p99')).toFixed(2)} | ${(m(a, 'rps') / m(b, 'rps')).toFixed(2)} | ${Math.max(...a.rounds.map((r) => r.bad))} / ${Math.max(...b.rounds.map((r) => r.bad))} |`,
        );
      }
  } finally {
    for (const server of servers) await stop(server);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
