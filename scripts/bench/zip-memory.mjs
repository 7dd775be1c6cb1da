/**
 * `npm run bench:zip`: the server's resident memory while HR downloads signed documents as one zip
 * (docs/product.md#signed-documents-as-a-zip), which must stay flat however many documents it holds.
 * The built server on a fresh PostgreSQL database (BENCH_DATABASE_URL's server, default the local one)
 * with the demo seed: the demo new starter signs the demo agreement through the real call, its signed
 * PDF is made `sizeKiB` large in the file storage, and the row is copied until the starter has
 * `documents` signed documents (all reading that one file: the storage read per document is the same).
 * HR, signed in through the real flow, downloads the person's zip of 1, `documents / 10` and
 * `documents` documents, read as fast as it comes and then at a slow reader's pace; the server's RSS
 * (/proc/<pid>/status) is sampled every 20 ms. Prints, per download, the zip's size, the RSS before and
 * its peak during. The zip is checked with `unzip -tq`. Usage: `npm run bench:zip [-- documents sizeKiB]`.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase } from './start-up.mjs';

const run = promisify(execFile);
const DOCUMENTS = Number(process.argv[2] ?? 1000);
const SIZE_KIB = Number(process.argv[3] ?? 512);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3871);
const TMP = path.resolve('.tmp/bench-zip');
const HR = { email: 'morgan.hughes@example.com', password: 'Staffroom2026' };

/** Resident memory of `pid` in MiB. */
function rssMiB(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+) kB/.exec(status)[1]) / 1024;
}

/** Signs the agreement at `agreementPath` (`/agreement/<token>`) as its link's holder would. */
async function signAgreement(base, agreementPath) {
  const url = `${base}/api/staff${agreementPath}`;
  const first = await fetch(url);
  if (!first.ok) throw new Error(`the agreement did not open: ${first.status}`);
  const xsrf =
    first.headers
      .getSetCookie()
      .find((c) => c.startsWith('XSRF-TOKEN='))
      ?.split(';')[0] ?? '';
  const png = await sharp({
    create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite([
      {
        input: Buffer.from(
          '<svg width="400" height="100"><path d="M20 70 C 120 10, 220 90, 380 30" stroke="black" stroke-width="3" fill="none"/></svg>',
        ),
      },
    ])
    .png()
    .toBuffer();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: xsrf, 'x-xsrf-token': xsrf.split('=')[1] },
    body: JSON.stringify({ signature_data: `data:image/png;base64,${png.toString('base64')}` }),
  });
  if (!res.ok) throw new Error(`signing was refused: ${res.status} ${await res.text()}`);
}

/** Downloads `url` to `file`, reading at most `bytesPerSecond` (Infinity: as fast as it comes), sampling the server's RSS. */
async function download(url, cookie, file, pid, bytesPerSecond = Infinity) {
  await sleep(500);
  const before = rssMiB(pid);
  let peak = before;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
  const started = performance.now();
  const res = await fetch(url, { headers: { cookie } });
  if (!res.ok) throw new Error(`the zip was refused: ${res.status} ${await res.text()}`);
  const out = fs.createWriteStream(file);
  let bytes = 0;
  for await (const chunk of res.body) {
    bytes += chunk.length;
    if (!out.write(chunk)) await new Promise((resolve) => out.once('drain', resolve));
    if (bytesPerSecond !== Infinity) {
      const due = (bytes / bytesPerSecond) * 1000 - (performance.now() - started);
      if (due > 0) await sleep(due);
    }
  }
  await new Promise((resolve) => out.end(resolve));
  clearInterval(sampler);
  peak = Math.max(peak, rssMiB(pid));
  await run('unzip', ['-tq', file], { maxBuffer: 64e6 });
  return { mib: bytes / 2 ** 20, before, peak, seconds: (performance.now() - started) / 1000 };
}

fs.rmSync(TMP, { recursive: true, force: true });
fs.mkdirSync(TMP, { recursive: true });
const databaseUrl = await freshDatabase(ADMIN_URL, 'mydocs_bench_zip');
const dataDir = path.join(TMP, 'data');
const { server, base, agreementPath } = await startPortal({ port: PORT, dataDir, databaseUrl });
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  await signAgreement(base, agreementPath);
  const { rows } = await db.query(
    `select d.id, d.staff_id, f.storage_key from documents d join files f on f.id = d.signed_file_id
      where d.signed_at is not null order by d.signed_at desc limit 1`,
  );
  const signed = rows[0];
  // A signed PDF of the size asked for: what the zip reads per document.
  const filler = Buffer.alloc(SIZE_KIB * 1024, 0x20);
  fs.writeFileSync(path.join(dataDir, 'files', signed.storage_key), Buffer.concat([Buffer.from('%PDF-1.7\n'), filler]));
  // Three people: one document, a tenth, and all of them.
  const people = [];
  for (const [name, count] of [
    ['one', 1],
    ['tenth', Math.max(1, Math.round(DOCUMENTS / 10))],
    ['all', DOCUMENTS],
  ]) {
    const person = await db.query(
      `insert into staff (forename, surname, email_address, venue_id)
       select 'Bench', $1, $2, venue_id from staff where id = $3 returning id`,
      [name, `bench.${name}@example.com`, signed.staff_id],
    );
    const id = person.rows[0].id;
    await db.query(
      `insert into documents (kind, staff_id, title, html, document_sha256, signed_at, signed_file_id, signer_ip, signer_user_agent, issued_by, created_at)
       select kind, $1, title || ' ' || n, html, document_sha256, signed_at + n * interval '1 ms', signed_file_id, signer_ip, signer_user_agent, issued_by, created_at
         from documents, generate_series(1, $2::int) n where id = $3`,
      [id, count, signed.id],
    );
    people.push({ name, count, id });
  }
  await db.query(`update staff set role = 'hr' where email_address = $1`, [HR.email]);
  const cookie = await signIn(base, HR);
  console.log(
    `Zip of signed documents, ${SIZE_KIB} KiB a PDF; server RSS (MiB) before and at its peak during the download\n`,
  );
  console.log('documents  reader          zip MiB   seconds   RSS before   RSS peak   growth');
  const line = (count, reader, r) =>
    console.log(
      `${String(count).padStart(9)}  ${reader.padEnd(14)} ${r.mib.toFixed(0).padStart(8)} ${r.seconds.toFixed(1).padStart(9)} ${r.before.toFixed(0).padStart(12)} ${r.peak.toFixed(0).padStart(10)} ${(r.peak - r.before).toFixed(0).padStart(8)}`,
    );
  const file = path.join(TMP, 'download.zip');
  for (const person of people) {
    const url = `${base}/api/admin/people/${person.id}/documents.zip`;
    line(person.count, 'as fast as it', await download(url, cookie, file, server.pid));
  }
  const all = people.at(-1);
  // A reader at 20 MiB/s: the server must wait for it rather than read ahead into memory.
  line(
    all.count,
    'at 20 MiB/s',
    await download(`${base}/api/admin/people/${all.id}/documents.zip`, cookie, file, server.pid, 20 * 2 ** 20),
  );
} finally {
  await db.end().catch(() => {});
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(path.join(TMP, 'download.zip'), { force: true });
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query('drop database if exists mydocs_bench_zip with (force)');
  await admin.end();
}
