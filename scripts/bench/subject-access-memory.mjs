/**
 * `npm run bench:subject-access`: the server's resident memory while HR downloads a person's
 * subject-access zip (docs/product.md#subject-access), which must stay flat however many files the
 * person has. The built server on a fresh PostgreSQL database (BENCH_DATABASE_URL's server, default the
 * local one) with the demo seed; three people get 1, `files / 10` and `files` uploads of `sizeKiB`
 * each (incompressible bytes, all rows reading one stored file: the storage read per file is the same).
 * HR signs in through the real flow; its session is marked as stepped up in the database (the bench
 * measures the zip, not the second factor). Each zip is read as fast as it comes, then the largest at
 * a slow reader's pace; the server's RSS (/proc/<pid>/status) is sampled every 20 ms. Prints, per
 * download, the zip's size, the RSS before and its peak during. The zip is checked with `unzip -tq`.
 * Usage: `npm run bench:subject-access [-- files sizeKiB]`.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import pg from 'pg';
import { signIn, startPortal } from './portal.mjs';
import { freshDatabase, rssMiB } from './start-up.mjs';

const run = promisify(execFile);
const FILES = Number(process.argv[2] ?? 200);
const SIZE_KIB = Number(process.argv[3] ?? 2048);
const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PORT = Number(process.env.BENCH_PORT ?? 3872);
const TMP = path.resolve('.tmp/bench-subject-access');
const DATABASE = 'sar_bench_memory';
const HR = { email: 'morgan.hughes@example.com', password: 'Staffroom2026' };

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
const databaseUrl = await freshDatabase(ADMIN_URL, DATABASE);
const dataDir = path.join(TMP, 'data');
const { server, base } = await startPortal({ port: PORT, dataDir, databaseUrl });
const db = new pg.Client({ connectionString: databaseUrl });
try {
  await db.connect();
  // One stored file of the size asked for, which every upload row reads.
  const bytes = randomBytes(SIZE_KIB * 1024);
  const storageKey = `right-to-work/${randomUUID()}`;
  fs.mkdirSync(path.join(dataDir, 'files', 'right-to-work'), { recursive: true, mode: 0o700 });
  fs.writeFileSync(path.join(dataDir, 'files', storageKey), bytes, { mode: 0o600 });
  const sha256 = createHash('sha256').update(bytes).digest('hex');
  const people = [];
  for (const [name, count] of [
    ['one', 1],
    ['tenth', Math.max(1, Math.round(FILES / 10))],
    ['all', FILES],
  ]) {
    const person = await db.query(
      `insert into staff (forename, surname, email_address) values ('Bench', $1, $2) returning id`,
      [name, `bench.${name}@example.com`],
    );
    const id = person.rows[0].id;
    await db.query(
      `insert into files (owner_staff_id, bucket, original_filename, content_type, size, sha256, storage_key)
       select $1, 'right-to-work', 'copy ' || n || '.png', 'image/png', $2, $3, $4 from generate_series(1, $5::int) n`,
      [id, bytes.length, sha256, storageKey, count],
    );
    people.push({ name, count, id });
  }
  await db.query(`update staff set role = 'hr' where email_address = $1`, [HR.email]);
  const cookie = await signIn(base, HR);
  await db.query(
    `update sessions set stepped_up_at = now()
      where staff_id = (select id from staff where email_address = $1)`,
    [HR.email],
  );
  console.log(
    `Subject-access zip, ${SIZE_KIB} KiB a file; server RSS (MiB) before and at its peak during the download\n`,
  );
  console.log('    files  reader          zip MiB   seconds   RSS before   RSS peak   growth');
  const line = (count, reader, r) =>
    console.log(
      `${String(count).padStart(9)}  ${reader.padEnd(14)} ${r.mib.toFixed(0).padStart(8)} ${r.seconds.toFixed(1).padStart(9)} ${r.before.toFixed(0).padStart(12)} ${r.peak.toFixed(0).padStart(10)} ${(r.peak - r.before).toFixed(0).padStart(8)}`,
    );
  const file = path.join(TMP, 'download.zip');
  const zipOf = (id) => `${base}/api/admin/people/${id}/subject-access.zip`;
  for (const person of people)
    line(person.count, 'as fast as it', await download(zipOf(person.id), cookie, file, server.pid));
  const all = people.at(-1);
  // A reader at 20 MiB/s: the server must wait for it rather than read ahead into memory.
  line(all.count, 'at 20 MiB/s', await download(zipOf(all.id), cookie, file, server.pid, 20 * 2 ** 20));
} finally {
  await db.end().catch(() => {});
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(path.join(TMP, 'download.zip'), { force: true });
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${DATABASE} with (force)`);
  await admin.end();
}
