/**
 * `npm run bench:load`: the production shape under load. Two Staffroom processes on one PostgreSQL
 * database (one data folder, as one deployment shares its secrets), the demo member signed in once
 * through the real flow, then 200 signed-in clients for 60 s on `GET /me`, half sent to each process
 * as a round-robin load balancer would. Prints errors, p50 and p99 per process and for the whole.
 *
 * Usage: `npm run bench:load [-- seconds]`. Needs PostgreSQL (BENCH_DATABASE_URL, default the local one).
 */
import fs from 'node:fs';
import path from 'node:path';
import autocannon from 'autocannon';
import { signIn, startPortal } from './bench/portal.mjs';
import { freshDatabase } from './bench/start-up.mjs';

const SECONDS = Number(process.argv[2] ?? 60);
const CLIENTS = 200;
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TMP = path.resolve('.tmp/bench-load');

const load = (url, headers, connections) =>
  new Promise((resolve, reject) => {
    autocannon({ url, connections, duration: SECONDS, headers, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    );
  });

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  fs.rmSync(TMP, { recursive: true, force: true });
  const databaseUrl = await freshDatabase(ADMIN_URL, 'staffroom_bench_load');
  const dataDir = path.join(TMP, 'shared');
  const first = await startPortal({ port: 3451, dataDir, databaseUrl });
  const second = await startPortal({ port: 3452, dataDir, databaseUrl, joining: true });
  try {
    // Signed in on one process; the session is then used on both.
    const cookie = await signIn(first.base);
    const headers = { cookie };
    const path = '/api/staff/self-service/me';
    for (const base of [first.base, second.base]) {
      const probe = await fetch(`${base}${path}`, { headers });
      if (probe.status !== 200) throw new Error(`${base} answered ${probe.status} for the signed-in member`);
    }
    const [a, b] = await Promise.all([
      load(`${first.base}${path}`, headers, CLIENTS / 2),
      load(`${second.base}${path}`, headers, CLIENTS / 2),
    ]);
    const row = (name, r) => {
      const errors = r.errors + r.timeouts + r.non2xx;
      return `| ${name} | ${r.requests.total} | ${Math.round(r.requests.average)} | ${errors} | ${r.latency.p50} | ${r.latency.p99} | ${r.latency.max} |`;
    };
    const total = a.requests.total + b.requests.total;
    const errors = [a, b].reduce((n, r) => n + r.errors + r.timeouts + r.non2xx, 0);
    const lines = [
      `${CLIENTS} signed-in clients on GET /me for ${SECONDS} s, half on each of two processes sharing one PostgreSQL database`,
      '',
      '| process | requests | req/s | errors | p50 ms | p99 ms | slowest ms |',
      '|---|---|---|---|---|---|---|',
      row('first', a),
      row('second', b),
      `| both | ${total} | ${Math.round(a.requests.average + b.requests.average)} | ${errors} | ${Math.max(a.latency.p50, b.latency.p50)} | ${Math.max(a.latency.p99, b.latency.p99)} | ${Math.max(a.latency.max, b.latency.max)} |`,
      '',
      '(p50 and p99 of "both" are the larger of the two processes\' values.)',
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (errors) process.exitCode = 1;
  } finally {
    first.server.kill('SIGTERM');
    second.server.kill('SIGTERM');
  }
}

main().catch((err) => {
  process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
