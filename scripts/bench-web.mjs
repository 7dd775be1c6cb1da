/**
 * `npm run bench:web`: Lighthouse 12 (mobile preset: a mid-range phone on a slow 4G link, simulated)
 * in Debian's Chromium, three runs per page, on the built app served by `node dist/server/main.js`
 * on a fresh data folder with the demo seed: `/login`, a signed-in `/dashboard`, `/team-discount`
 * (the demo member given a selfie, so the card shows), `/my-details` and `/survey/6` (the atmosphere
 * audit, the dashboard's first card, with every question type), and a joiner's `/onboard/<token>`. A bare page served by a bare Node server is measured in the same
 * run as the baseline: what this machine scores when the page itself costs nothing.
 * Keeps every run's report in .tmp/bench-web/. Prints the medians as a Markdown table (docs/architecture.md#tests: timing lives here, not in tests).
 * Usage: `npm run bench:web [-- runs [page]]`; `page` keeps only the pages whose name contains it
 * (the baseline always runs), e.g. `node scripts/bench-web.mjs 3 survey` after a build.
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import puppeteer from 'puppeteer-core';
import { CHROMIUM, signIn, startPortal } from './bench/portal.mjs';

const RUNS = Number(process.argv[2] ?? 3);
/** Only the pages whose name contains this (and the baseline), when given. */
const ONLY = process.argv[3];
const PORT = 3300;
const BASE = `http://localhost:${PORT}`;
const DATA_DIR = path.resolve('.tmp/bench-web-data');
/** Each run's full Lighthouse report (JSON), to open in the Lighthouse viewer. */
const REPORTS = path.resolve('.tmp/bench-web');
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A bare page from a bare server: the baseline. */
function startBaseline() {
  const html =
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="description" content="Baseline"><title>Baseline</title></head><body><main><h1>Baseline</h1><p>A bare page.</p></main></body></html>';
  const server = http.createServer((_, res) =>
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html),
  );
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

/**
 * Puts the session's cookies into the browser, as a signed-in member's phone has them. Lighthouse's
 * `extraHeaders` reach the page's own document but not the `fetch` calls the app makes, so a
 * Cookie header alone would leave the page signed out.
 */
async function setCookies(port, cookieHeader) {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${port}` });
  try {
    const cookies = cookieHeader.split('; ').map((pair) => {
      const at = pair.indexOf('=');
      return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: new URL(BASE).hostname, path: '/' };
    });
    await browser.setCookie(...cookies);
  } finally {
    await browser.disconnect();
  }
}

/** Times a run is tried when Lighthouse itself fails to record it (it then says to run it again). */
const ATTEMPTS = 3;

/**
 * One Lighthouse run in a fresh Chromium (with the session's cookies when given): the figures we
 * report. A run Lighthouse could not record (a trace without its navigation start, say) is tried
 * again in a new Chromium, as its message advises, up to ATTEMPTS times; one that keeps failing
 * stops the bench.
 */
async function audit(url, cookie, reportFile) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, cookie, reportFile);
    } catch (err) {
      if (!(err instanceof LighthouseRunError) || attempt >= ATTEMPTS) throw err;
      console.log(`  ${err.message}: trying again (${attempt + 1}/${ATTEMPTS})`);
    }
  }
}

/** Lighthouse reported a runtime error of its own for a run. */
class LighthouseRunError extends Error {}

async function auditOnce(url, cookie, reportFile) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROME_FLAGS });
  try {
    if (cookie) await setCookies(chrome.port, cookie);
    const { lhr } = await lighthouse(url, {
      port: chrome.port,
      logLevel: 'error',
      output: 'json',
      onlyCategories: ['performance', 'accessibility'],
    });
    const a = lhr.audits;
    if (lhr.runtimeError) throw new LighthouseRunError(`${url}: ${lhr.runtimeError.message}`);
    fs.writeFileSync(reportFile, JSON.stringify(lhr));
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: a['first-contentful-paint'].numericValue,
      lcp: a['largest-contentful-paint'].numericValue,
      tbt: a['total-blocking-time'].numericValue,
      cls: a['cumulative-layout-shift'].numericValue,
      bytes: a['total-byte-weight'].numericValue,
      finalUrl: lhr.finalDisplayedUrl,
    };
  } finally {
    await chrome.kill();
  }
}

const median = (values) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];

async function main() {
  if (!fs.existsSync('dist/server/main.js') || !fs.existsSync('dist/web/index.html'))
    throw new Error('Build first: npm run build');
  fs.rmSync(REPORTS, { recursive: true, force: true });
  fs.mkdirSync(REPORTS, { recursive: true });
  const baseline = await startBaseline();
  const { server, onboardPath } = await startPortal({ port: PORT, dataDir: DATA_DIR });
  try {
    const cookie = await signIn(BASE);
    const pages = [
      { name: 'bare page (baseline)', url: `http://127.0.0.1:${baseline.address().port}/` },
      { name: '/login', url: `${BASE}/login` },
      { name: '/dashboard (signed in)', url: `${BASE}/dashboard`, cookie },
      { name: '/team-discount (signed in)', url: `${BASE}/team-discount`, cookie },
      { name: '/my-details (signed in)', url: `${BASE}/my-details`, cookie },
      { name: '/survey/6 (signed in)', url: `${BASE}/survey/6`, cookie },
      { name: '/onboard/<token>', url: `${BASE}${onboardPath}` },
    ].filter((page, index) => index === 0 || !ONLY || page.name.includes(ONLY));
    const results = pages.map((page) => ({ ...page, runs: [] }));
    // Interleaved rounds, so a burst of load on the machine touches every page alike.
    for (let round = 1; round <= RUNS; round++) {
      for (const page of results) {
        const slug = page.name.replace(/[^a-z]+/g, '-').replace(/^-|-$/g, '');
        const run = await audit(page.url, page.cookie, path.join(REPORTS, `${slug}-${round}.json`));
        if (page.cookie && !run.finalUrl.startsWith(page.url))
          throw new Error(`${page.name} ended at ${run.finalUrl}: not signed in`);
        page.runs.push(run);
        process.stderr.write(`round ${round}/${RUNS} ${page.name}: performance ${run.performance}\n`);
      }
    }
    const rows = results.map(({ name, runs }) => {
      const m = (key) => median(runs.map((r) => r[key]));
      return `| ${name} | ${m('performance')} | ${m('accessibility')} | ${(m('fcp') / 1000).toFixed(1)} s | ${(m('lcp') / 1000).toFixed(1)} s | ${Math.round(m('tbt'))} ms | ${m('cls').toFixed(3)} | ${Math.round(m('bytes') / 1024)} KiB |`;
    });
    console.log(`\nLighthouse 12, mobile preset, Debian Chromium, median of ${RUNS} runs\n`);
    console.log('| page | performance | accessibility | FCP | LCP | TBT | CLS | transferred |');
    console.log('|---|---|---|---|---|---|---|---|');
    for (const row of rows) console.log(row);
  } finally {
    server.kill();
    baseline.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
