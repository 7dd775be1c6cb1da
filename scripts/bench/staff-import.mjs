/**
 * The staff import of 3,000 people (docs/product.md#staff-import), timed as HR runs it: the dry run,
 * then the apply, through the console's calls on the built server, with the server's resident memory
 * sampled every 50 ms (before, peak during, after). `npm run bench` runs it on both databases after
 * its load; `node scripts/bench/staff-import.mjs` (after `npm run build`) runs it alone.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase, rssMiB } from './start-up.mjs';

const run = promisify(execFile);
export const IMPORT_ROWS = 3000;
const HR = { email: 'morgan.hughes@example.com', password: 'Staffroom2026' };

/** A good import file of `rows` people at the demo's venues. */
export function importFile(rows = IMPORT_ROWS) {
  const venues = ['The Lantern, Leeds', 'The Lantern, York', 'Salt & Ember, Manchester'];
  const lines = ['forename,surname,known as,email,mobile,venue,position,start date,date of birth,payroll id,NI number'];
  for (let i = 0; i < rows; i++) {
    const ni = `JR${String(i).padStart(6, '0')}A`;
    lines.push(
      `Bench${i},Person,,bench.${i}@example.com,07700 9${String(i).padStart(5, '0')},"${venues[i % 3]}",Server,01/03/2024,1990-05-0${1 + (i % 9)},B-${i},${ni}`,
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

/** Times one call while sampling the server's memory; answers ms, peak RSS and the answer's counts. */
async function timed(pid, call) {
  let peak = rssMiB(pid);
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 50);
  const started = performance.now();
  try {
    const answer = await call();
    return { ms: performance.now() - started, peak, answer };
  } finally {
    clearInterval(sampler);
  }
}

/**
 * Makes Morgan Hughes HR on the running portal (the built CLI, as HR runs it), signs them in, and runs
 * the dry run and the apply of `file`. @returns the rows of the table for `name`.
 */
export async function benchStaffImport({ name, portal, dataDir, databaseUrl, file = importFile() }) {
  await run(process.execPath, ['dist/server/cli/index.js', 'role', 'grant', '--staff', HR.email, '--role', 'hr'], {
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
    },
  });
  const cookie = await signIn(portal.base, HR);
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(cookie)?.[1] ?? '';
  const post = async (url) => {
    const res = await fetch(`${portal.base}/api${url}`, {
      method: 'POST',
      headers: {
        cookie,
        'content-type': 'application/json',
        'x-xsrf-token': decodeURIComponent(xsrf),
        'x-application-version': '0.0.1',
      },
      body: JSON.stringify({ filename: 'bench.csv', content: file.toString('base64'), send_invitations: true }),
    });
    const body = await res.json();
    if (!res.ok) throw new Error(`${url}: ${res.status} ${JSON.stringify(body).slice(0, 300)}`);
    return body.data.counts;
  };
  const pid = portal.server.pid;
  const before = rssMiB(pid);
  const dry = await timed(pid, () => post('/admin/staff-import/dry-run'));
  const apply = await timed(pid, () => post('/admin/staff-import'));
  const again = await timed(pid, () => post('/admin/staff-import'));
  const after = rssMiB(pid);
  const row = (step, r) =>
    `| ${name} | ${step} | ${(r.ms / 1000).toFixed(1)} s | ${Math.round(before)} MiB | ${Math.round(r.peak)} MiB | ${Math.round(after)} MiB | ${JSON.stringify(r.answer)} |`;
  return [row('dry run', dry), row('apply', apply), row('the same file again', again)];
}

export const IMPORT_TABLE_HEAD = [
  `\nStaff import of ${IMPORT_ROWS} people: each call's time; the server's resident memory before the first, at its peak during each, after the last\n`,
  '| database | call | time | RSS before | peak RSS | RSS after | counts |',
  '|---|---|---|---|---|---|---|',
];

async function main() {
  const tmp = path.resolve('.tmp/bench-import');
  const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const lines = [...IMPORT_TABLE_HEAD];
  for (const kind of ['PostgreSQL', 'PGlite']) {
    const dataDir = path.join(tmp, kind.toLowerCase());
    const databaseUrl = kind === 'PostgreSQL' ? await freshDatabase(adminUrl, 'staffroom_import_bench') : undefined;
    const portal = await startPortal({ port: kind === 'PGlite' ? 3407 : 3406, dataDir, databaseUrl });
    try {
      lines.push(...(await benchStaffImport({ name: kind, portal, dataDir, databaseUrl })));
    } finally {
      portal.server.kill();
    }
  }
  console.log(lines.join('\n'));
}

if (import.meta.url === `file://${process.argv[1]}`) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
