/**
 * `npm run bench:metrics`: what the Prometheus metrics cost a signed-in `GET /me` (target: within 5 %).
 * Two built servers on PostgreSQL (fresh databases on BENCH_DATABASE_URL's server, default the local
 * one), the same but for METRICS_TOKEN (on: the request histogram, the sign-in counter and the
 * process metrics; off: none), each with the demo member signed in through the real flow. autocannon
 * drives each with 100 connections for `seconds`, A and B interleaved, `rounds` times, with one scrape
 * of the metrics per round as a Prometheus would; prints each round's req/s, the server's CPU time per
 * request (from /proc: on a machine shared with other work, throughput follows the neighbours' load,
 * while CPU time per request stays the server's own) and the load average, then the medians and their
 * ratios. Last, the metrics' own work per request (one histogram observation by route, method and
 * status), timed in this process over a million calls, against the "off" server's CPU time per
 * request: a bound that the neighbours' load cannot blur. Usage: `npm run bench:metrics [-- rounds seconds]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { Histogram, Registry } from 'prom-client';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase, median } from './start-up.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const SECONDS = Number(process.argv[3] ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TMP = path.resolve('.tmp/bench-metrics');
const TOKEN = 'bench-metrics-'.padEnd(48, '0');

/** CPU seconds (user and system) process `pid` has used so far, from /proc/<pid>/stat (Linux). */
function cpuSeconds(pid) {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime, fields 14 and 15 of the file, in clock ticks of 1/100 s.
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

const load = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 100, duration: SECONDS, headers, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

/** CPU µs of one observation of a histogram like the server's (plugins/metrics.ts), median of three runs. */
function observationMicros(calls = 1_000_000) {
  const histogram = new Histogram({
    name: 'bench_request_duration_seconds',
    help: 'bench',
    labelNames: ['route', 'method', 'status_code'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [new Registry()],
  });
  const runs = [];
  for (let run = 0; run < 3; run++) {
    const before = process.cpuUsage();
    for (let i = 0; i < calls; i++)
      histogram.observe({ route: '/api/staff/self-service/me', method: 'GET', status_code: 200 }, 0.004);
    const used = process.cpuUsage(before);
    runs.push((used.user + used.system) / calls);
  }
  return median(runs);
}

async function main() {
  if (!fs.existsSync('dist/server/main.js')) throw new Error('Build first: npm run build');
  fs.rmSync(TMP, { recursive: true, force: true });
  fs.mkdirSync(TMP, { recursive: true });
  const servers = [];
  try {
    const variants = [
      { name: 'metrics off', port: 3411, env: {} },
      { name: 'metrics on', port: 3412, env: { METRICS_TOKEN: TOKEN } },
    ];
    for (const variant of variants) {
      const databaseUrl = await freshDatabase(ADMIN_URL, `staffroom_bench_${variant.port}`);
      const started = await startPortal({
        port: variant.port,
        dataDir: path.join(TMP, String(variant.port)),
        databaseUrl,
        env: variant.env,
      });
      servers.push(started.server);
      variant.pid = started.server.pid;
      variant.base = started.base;
      variant.cookie = await signIn(started.base);
      variant.rates = [];
      variant.cpu = [];
    }
    await sleep(3000);
    const [off, on] = variants;
    const scrape = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (scrape.status !== 200) throw new Error(`the metrics answered ${scrape.status}`);
    if ((await fetch(`${off.base}/metrics`)).status !== 404) throw new Error('metrics are on in the "off" server');
    console.log(`GET /me, 100 connections, ${SECONDS} s a run, ${ROUNDS} rounds, A and B interleaved (2 cores)\n`);
    console.log(
      '| round | off: req/s | on: req/s | on / off | off: CPU µs/request | on: CPU µs/request | on / off | load average (1 min) |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on the warmer machine.
      const order = round % 2 ? [off, on] : [on, off];
      for (const variant of order) {
        const cpuBefore = cpuSeconds(variant.pid);
        const result = await load(`${variant.base}/api/staff/self-service/me`, { cookie: variant.cookie });
        variant.cpu.push(((cpuSeconds(variant.pid) - cpuBefore) * 1e6) / result.requests.total);
        if (result.errors || result.non2xx)
          throw new Error(`${variant.name}: ${result.errors} errors, ${result.non2xx} not 2xx`);
        variant.rates.push(result.requests.average);
      }
      await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const row = (x, y) => `${Math.round(x)} | ${Math.round(y)} | ${(y / x).toFixed(3)}`;
      console.log(
        `| ${round} | ${row(off.rates.at(-1), on.rates.at(-1))} | ${row(off.cpu.at(-1), on.cpu.at(-1))} | ${os.loadavg()[0].toFixed(2)} |`,
      );
    }
    const row = (x, y) => `${Math.round(x)} | ${Math.round(y)} | ${(y / x).toFixed(3)}`;
    console.log(`| median | ${row(median(off.rates), median(on.rates))} | ${row(median(off.cpu), median(on.cpu))} | |`);
    const observe = observationMicros();
    console.log(
      `\nOne observation of the request histogram: ${observe.toFixed(2)} µs of CPU, ` +
        `${((100 * observe) / median(off.cpu)).toFixed(2)} % of GET /me's ${Math.round(median(off.cpu))} µs (median, metrics off)`,
    );
  } finally {
    for (const server of servers) server.kill('SIGINT');
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
