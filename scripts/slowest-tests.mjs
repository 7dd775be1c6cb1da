/**
 * Prints the slowest tests of the last `npm test` from the JSON reports in `.tmp/test-reports/`,
 * each with its timeout and the share of it used. A test may use at most a third of its timeout on
 * a loaded machine (docs/architecture.md#tests); this is how to see which come near.
 * Usage: `npm run test:slowest [-- count]` (TEST_REPORTS=dir to read another run's reports).
 */
import fs from 'node:fs';
import path from 'node:path';

const DIR = process.env.TEST_REPORTS ?? '.tmp/test-reports';
const count = Number(process.argv[2] ?? 15);

/** Test timeouts per vitest tier, as vitest.config.ts sets them. */
const VITEST_TIMEOUTS = [
  [/(^|\/)tests\/api\//, 60_000],
  [/(^|\/)tests\/repo\//, 60_000],
  [/(^|\/)src\//, 30_000],
];

const rows = [];
for (const file of fs.existsSync(DIR) ? fs.readdirSync(DIR) : []) {
  const report = JSON.parse(fs.readFileSync(path.join(DIR, file), 'utf8'));
  if (file.startsWith('vitest-')) {
    for (const result of report.testResults ?? []) {
      const rel = path.relative(process.cwd(), result.name);
      const timeout = VITEST_TIMEOUTS.find(([pattern]) => pattern.test(rel))?.[1] ?? 5_000;
      for (const test of result.assertionResults ?? []) {
        rows.push({
          tier: file.replace(/^vitest-|\.json$/g, ''),
          name: `${rel} > ${test.fullName}`,
          ms: test.duration ?? 0,
          timeout,
        });
      }
    }
  } else {
    const walk = (suite) => {
      for (const spec of suite.specs ?? []) {
        for (const test of spec.tests ?? []) {
          const ms = Math.max(0, ...test.results.map((r) => r.duration));
          rows.push({ tier: 'e2e', name: `${spec.file} > ${spec.title}`, ms, timeout: test.timeout });
        }
      }
      for (const child of suite.suites ?? []) walk(child);
    };
    for (const suite of report.suites ?? []) walk(suite);
  }
}

rows.sort((a, b) => b.ms / b.timeout - a.ms / a.timeout);
console.log('share  seconds  timeout  tier        test');
for (const row of rows.slice(0, count)) {
  const share = `${Math.round((100 * row.ms) / row.timeout)}%`.padStart(4);
  console.log(
    `${share}  ${(row.ms / 1000).toFixed(1).padStart(7)}  ${String(row.timeout / 1000).padStart(6)}s  ${row.tier.padEnd(10)}  ${row.name}`,
  );
}
const over = rows.filter((row) => row.ms > row.timeout / 3);
console.log(
  over.length
    ? `${over.length} test(s) used more than a third of their timeout`
    : `all ${rows.length} tests used under a third of their timeout`,
);
