/**
 * `npm run bench:metrics`: what the Prometheus metrics cost a signed-in `GET /me` (target: within 5 %).
 * Two built servers on PostgreSQL (fresh databases on BENCH_DATABASE_URL's server, default the local
 * one), the same but for METRICS_TOKEN (on: the request histogram, the sign-in counter and the
 * process metrics; off: none), each with the demo member signed in through the real flow. autocannon
 * drives each with 100 connections for `seconds`, A and B interleaved, `rounds` times, with one scrape
 * of the metrics per round as a Prometheus would; prints each round's req/s and the load average, then
 * the medians and their ratio. Usage: `npm run bench:metrics [-- rounds seconds]`.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import autocannon from 'autocannon';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase, median } from './start-up.mjs';

const ROUNDS = Number(process.argv[2] ?? 5);
const SECONDS = Number(process.argv[3] ?? 10);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TMP = path.resolve('.tmp/bench-metrics');
const TOKEN = 'bench-metrics-'.padEnd(48, '0');

const load = (url, headers) =>
  new Promise((resolve, reject) =>
    autocannon({ url, connections: 100, duration: SECONDS, headers, timeout: 30 }, (err, result) =>
      err ? reject(err) : resolve(result),
    ),
  );

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
      variant.base = started.base;
      variant.cookie = await signIn(started.base);
      variant.rates = [];
    }
    await sleep(3000);
    const [off, on] = variants;
    const scrape = await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    if (scrape.status !== 200) throw new Error(`the metrics answered ${scrape.status}`);
    if ((await fetch(`${off.base}/metrics`)).status !== 404) throw new Error('metrics are on in the "off" server');
    console.log(`GET /me, 100 connections, ${SECONDS} s a run, ${ROUNDS} rounds, A and B interleaved (2 cores)\n`);
    console.log('| round | metrics off (req/s) | metrics on (req/s) | on / off | load average (1 min) |');
    console.log('|---|---|---|---|---|');
    for (let round = 1; round <= ROUNDS; round++) {
      // Alternate which goes first, so neither always runs on the warmer machine.
      const order = round % 2 ? [off, on] : [on, off];
      for (const variant of order) {
        const result = await load(`${variant.base}/api/staff/self-service/me`, { cookie: variant.cookie });
        if (result.errors || result.non2xx)
          throw new Error(`${variant.name}: ${result.errors} errors, ${result.non2xx} not 2xx`);
        variant.rates.push(result.requests.average);
      }
      await fetch(`${on.base}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      const ratio = on.rates.at(-1) / off.rates.at(-1);
      console.log(
        `| ${round} | ${Math.round(off.rates.at(-1))} | ${Math.round(on.rates.at(-1))} | ${ratio.toFixed(3)} | ${os.loadavg()[0].toFixed(2)} |`,
      );
    }
    const [a, b] = [median(off.rates), median(on.rates)];
    console.log(`| median | ${Math.round(a)} | ${Math.round(b)} | ${(b / a).toFixed(3)} | |`);
  } finally {
    for (const server of servers) server.kill('SIGINT');
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
});
