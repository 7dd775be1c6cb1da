/**
 * Files kept where the deployment says: the `DATA_DIR/files` folder by default, or S3-compatible object
 * storage (`FILE_STORAGE=s3`), here a real S3-protocol server (`s3rver`) on a loopback port. Uploads,
 * downloads, the picture, the clean-up and HR's zip of signed documents (each PDF streamed from the
 * storage) behave the same on both, and with S3 a second instance serves what the first stored.
 */
import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { documents, files, staff } from '@server/db/schema.js';
import { runCleanUp } from '@server/modules/housekeeping/index.js';
import { storeFile } from '@server/modules/files/index.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { signedInBrowser } from './helpers/browser.js';
import { startS3Server, S3_TEST_BUCKET } from './helpers/s3-server.js';
import { createTestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const PORTAL = 'http://localhost:3000';
const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(['local', 's3'] as const)('file storage: %s', (storage) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let s3: Awaited<ReturnType<typeof startS3Server>> | undefined;

  beforeAll(async () => {
    s3 = storage === 's3' ? await startS3Server() : undefined;
    t = await createTestApp('pglite', { env: { ...s3?.env } });
  });
  afterAll(async () => {
    await t?.dropAll();
    await s3?.close();
  });

  /** Where the bytes of `storageKey` are, on this storage. */
  const storedAt = (storageKey: string) =>
    storage === 's3'
      ? path.join(s3!.directory, S3_TEST_BUCKET, `${storageKey}._S3rver_object`)
      : path.join(t.dataDir, 'files', storageKey);

  it('stores an upload there, downloads the same bytes, and the clean-up removes them', async () => {
    const sam = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
    const pdf = await simplePdf('Certificate of motor insurance');
    const uploaded = await sam.post(api('/staff/self-service/file'), {
      file_data: dataUrl('application/pdf', pdf),
      filename: 'insurance.pdf',
      bucket: 'documents',
    });
    expect(uploaded.status, uploaded.body).toBe(200);
    const id = uploaded.json().data.id as string;
    const [row] = await t.app.database.db.select().from(files).where(eq(files.id, id));
    expect(fs.existsSync(storedAt(row!.storageKey))).toBe(true);
    // With S3, nothing of it is written to the data folder.
    expect(fs.existsSync(path.join(t.dataDir, 'files', row!.storageKey))).toBe(storage === 'local');

    const download = await sam.get(api(`/rest/file/download/${id}`));
    const res = await t.app.inject({ method: 'GET', url: download.json().data.uri });
    expect(res.statusCode).toBe(200);
    expect(Buffer.compare(res.rawPayload, Buffer.from(pdf))).toBe(0);

    await t.app.database.db
      .update(files)
      .set({ createdAt: new Date(Date.now() - 2 * 86_400_000) })
      .where(inArray(files.id, [id]));
    expect((await runCleanUp({ services: t.app.services })).ran).toBe(true);
    expect(fs.existsSync(storedAt(row!.storageKey))).toBe(false);
    await expect(t.app.services.storage.get(row!.storageKey)).rejects.toThrow();
  });

  it("opens the owner's file through the same-origin stable path, inline for the viewer or as a download", async () => {
    const sam = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
    const pdf = await simplePdf('Certificate of motor insurance: business class 2');
    const id = (
      await sam.post(api('/staff/self-service/file'), {
        file_data: dataUrl('application/pdf', pdf),
        filename: 'cover.pdf',
      })
    ).json().data.id as string;

    for (const [query, disposition] of [
      ['', 'inline'],
      ['?disposition=attachment', 'attachment'],
    ] as const) {
      const opened = await sam.get(api(`/rest/file/open/${id}${query}`));
      expect(opened.status, opened.body).toBe(302);
      // The viewer's fetch stays on the portal's origin whatever the storage, so the page's CSP holds.
      const signed = new URL(opened.location!, PORTAL);
      expect(signed.origin).toBe(PORTAL);
      const res = await t.app.inject({ method: 'GET', url: `${signed.pathname}${signed.search}` });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      expect(res.headers['content-disposition']).toMatch(new RegExp(`^${disposition}; filename="cover\\.pdf"`));
      expect(Buffer.compare(res.rawPayload, Buffer.from(pdf))).toBe(0);
    }

    expect((await sam.get(api(`/rest/file/open/${id}?disposition=elsewhere`))).status).toBe(400);
    const jamie = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    expect((await jamie.get(api(`/rest/file/open/${id}?disposition=attachment`))).status).toBe(404);
  });

  it.skipIf(storage !== 's3')('serves from a second instance what the first one stored', async () => {
    const jamie = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const pdf = await simplePdf('Food hygiene certificate');
    const id = (
      await jamie.post(api('/staff/self-service/file'), {
        file_data: dataUrl('application/pdf', pdf),
        filename: 'hygiene.pdf',
        bucket: 'documents',
      })
    ).json().data.id as string;
    // Another instance with the same storage settings, and a data folder and database of its own.
    const other = await createTestApp('pglite', { env: { ...s3!.env }, seed: false });
    try {
      const [row] = await t.app.database.db.select().from(files).where(eq(files.id, id));
      expect(Buffer.compare(await other.app.services.storage.get(row!.storageKey), Buffer.from(pdf))).toBe(0);
    } finally {
      await other.dropAll();
    }
  });

  it('reads a file as a stream, chunk by chunk, and refuses a missing one before any byte', async () => {
    const bytes = randomBytes(1024 * 1024);
    const row = await storeFile({
      services: t.app.services,
      ownerStaffId: null,
      bucket: 'signed',
      filename: 'large.pdf',
      contentType: 'application/pdf',
      bytes,
    });
    const chunks: Buffer[] = [];
    for await (const chunk of await t.app.services.storage.getStream(row.storageKey)) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);
    // Never the whole file at once.
    expect(chunks.length).toBeGreaterThan(1);
    expect(Math.max(...chunks.map((c) => c.length))).toBeLessThan(bytes.length);
    await t.app.services.storage.delete(row.storageKey);
    await expect(t.app.services.storage.getStream(row.storageKey)).rejects.toThrow();
  });

  it("streams HR's zip of a person's signed PDFs from here, and notes one the storage lost", async () => {
    const { services } = t.app;
    const { db } = t.app.database;
    expect(
      (await runCommand({ services, name: 'role grant', options: { staff: 'morgan.hughes@example.com', role: 'hr' } }))
        .exitCode,
    ).toBe(0);
    const [jamie] = await db.select().from(staff).where(eq(staff.emailAddress, 'jamie.patel@example.com'));
    const signedPdf = Buffer.concat([Buffer.from('%PDF-1.7\n'), randomBytes(768 * 1024)]);
    const kept = await storeFile({
      services,
      ownerStaffId: jamie!.id,
      bucket: 'signed',
      filename: 'Kept (signed).pdf',
      contentType: 'application/pdf',
      bytes: signedPdf,
    });
    const lost = await storeFile({
      services,
      ownerStaffId: jamie!.id,
      bucket: 'signed',
      filename: 'Lost (signed).pdf',
      contentType: 'application/pdf',
      bytes: signedPdf,
    });
    await services.storage.delete(lost.storageKey);
    const signed = (title: string, fileId: string, at: string) => ({
      kind: 'agreement' as const,
      staffId: jamie!.id,
      title,
      html: '<p>Signed elsewhere.</p>',
      documentSha256: 'a'.repeat(64),
      signedAt: new Date(at),
      signedFileId: fileId,
      issuedBy: 'test',
    });
    await db
      .insert(documents)
      .values([signed('Kept', kept.id, '2026-11-02T10:00:00Z'), signed('Lost', lost.id, '2026-11-03T10:00:00Z')]);

    const hr = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const cookie = [...hr.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/admin/people/${jamie!.id}/documents.zip`,
      headers: { cookie, host: new URL(PORTAL).host },
    });
    expect(res.statusCode).toBe(200);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-zip-'));
    try {
      const file = path.join(dir, 'download.zip');
      fs.writeFileSync(file, res.rawPayload);
      await run('unzip', ['-tq', file]);
      const names = (await run('zipinfo', ['-1', file])).stdout.split('\n').filter(Boolean);
      const keptName = names.find((n) => n.includes('Kept') && n.endsWith('(signed).pdf'));
      expect(keptName, names.join('\n')).toBeDefined();
      const read = async (name: string) =>
        (await run('unzip', ['-p', file, name], { encoding: 'buffer', maxBuffer: 64e6 })).stdout;
      expect((await read(keptName!)).equals(signedPdf)).toBe(true);
      const lostName = names.find((n) => n.includes('Lost'));
      expect(lostName).toMatch(/\(signed PDF missing\)\.txt$/);
      expect((await read(lostName!)).toString()).toContain('could not be read from the file storage');
      expect(names.filter((n) => n.endsWith('evidence.json'))).toHaveLength(2);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
