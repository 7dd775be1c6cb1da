/**
 * Signed documents are drawn off the event loop (decision 66): the layout, the footer, the certificate
 * page, the room for the seal and its CMS are made in a worker thread. A drawing thread that crashes or hangs fails its own task with a coded
 * error, and the next task is drawn by a fresh thread.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { threadId } from 'node:worker_threads';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documents, files } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { webcrypto } from 'node:crypto';
import { createDocumentDrawing, type DrawTask } from '@server/modules/documents/drawing.js';
import { fillSealRoom } from '@server/modules/documents/seal.js';
import { generateCertificates } from '@server/modules/documents/signing-certificates.js';
import { pdfPages } from '../support/pdf-text.js';
import { signaturePng, simplePdf } from '../support/fixtures.js';
import { Browser } from './helpers/browser.js';
import { admin, bytesOption, linkOf } from './helpers/joiners.js';
import { captureLog } from './helpers/log-capture.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const NAME = 'Łukasz Wiśniewski-Șerban';

async function signedTask(): Promise<DrawTask> {
  const made = await generateCertificates('Test Group');
  const privateKey = await webcrypto.subtle.importKey(
    'pkcs8',
    made.pkcs8,
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return {
    kind: 'signed',
    original: {
      html: `<h1>Bar staff agreement</h1><p>This agreement is made with ${NAME}.</p>`,
      title: 'Bar staff agreement',
      createdAt: new Date('2026-11-01T09:00:00Z'),
    },
    evidence: {
      documentId: '00000000-0000-4000-8000-000000000000',
      title: 'Bar staff agreement',
      kind: 'agreement',
      signerName: NAME,
      signerEmail: 'lukasz@example.com',
      signedAt: new Date('2026-11-02T10:00:00Z'),
      ip: '203.0.113.7',
      userAgent: 'Mozilla/5.0 (test)',
      documentSha256: 'a'.repeat(64),
      hashedWhat: 'the HTML text shown (UTF-8)',
      signaturePng: Buffer.from((await signaturePng()).split(',')[1]!, 'base64'),
    },
    seal: { reason: 'Agreement signed', key: { privateKey, certificate: made.certificate, chain: [made.authority] } },
  };
}

describe('drawing signed documents in a worker thread', () => {
  const drawing = createDocumentDrawing();
  afterAll(() => drawing.close());

  it('draws and seals the signed PDF in another thread', async () => {
    // The thread that ran the drawing says who it is: never this one. (Counting turns of the event
    // loop would not tell: @cantoo/pdf-lib yields to the loop with timers while it saves, so even a
    // drawing on this thread lets a few hundred turns through, each after a long synchronous stretch.)
    const drawn = await drawing.draw(await signedTask());
    expect(drawn.threadId).not.toBe(threadId);
    expect(drawn.threadId).toBeGreaterThan(0);
    // Sealed in the thread: the CMS goes into the room the thread left, and the names print.
    expect(drawn.room?.digest.byteLength).toBe(32);
    expect(drawn.signed?.cms.byteLength).toBeGreaterThan(1000);
    const sealed = Buffer.from(fillSealRoom({ pdf: drawn.pdf, ...drawn.room! }, drawn.signed!.cms));
    expect(sealed.subarray(drawn.room!.contentsStart, drawn.room!.contentsStart + 5).toString()).toBe('<3082');
    const pages = await pdfPages(sealed);
    expect(pages[0]).toContain(NAME);
    expect(pages.at(-1)).toContain(NAME);
  });

  it('fails a crashed or hung drawing with a coded error, and draws the next one in a fresh thread', async () => {
    const failing = createDocumentDrawing({
      worker: new URL('./helpers/failing-drawing-worker.ts', import.meta.url),
      timeoutMs: 1_000,
    });
    try {
      const run = (task: object) => failing.draw(task as DrawTask);
      for (const task of [{ crash: true }, { hang: true }]) {
        const err = await run(task).then(
          () => undefined,
          (e: unknown) => e,
        );
        expect(err, JSON.stringify(task)).toBeInstanceOf(AppError);
        expect((err as AppError).code).toBe('DOCUMENT_NOT_DRAWN');
        expect((err as AppError).statusCode).toBe(500);
        expect((err as AppError).cause).toBeDefined();
      }
      const after = (await run({})) as unknown as { threadId: number };
      expect(after.threadId).not.toBe(threadId);
    } finally {
      await failing.close();
    }
  });
});

describe.each(DATABASES)('a signature whose drawing fails, on %s', (kind) => {
  const ORIGIN = 'http://localhost:3000';
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: true, logStream: log.stream, env: { LOG_LEVEL: 'error' } });
  });
  afterAll(() => t.dropAll());

  it('answers a coded 500 in the envelope, logs why, and leaves the document unsigned with no files kept', async () => {
    const { token } = linkOf(
      await admin(t.app, 'contract issue', {
        staff: 'sam.taylor@example.com',
        template: bytesOption('hours.pdf', await simplePdf('Hours of work')),
        title: 'Hours of work',
      }),
      'contract',
    );
    const { db } = t.app.database;
    const [row] = await db.select().from(documents).where(eq(documents.title, 'Hours of work'));
    const [source] = await db.select().from(files).where(eq(files.id, row!.sourceFileId!));
    // The stored PDF damaged after it was vetted: the drawing thread cannot read it.
    await fs.writeFile(path.join(t.dataDir, 'files', source!.storageKey), 'not a PDF any more');
    const filesBefore = (await db.select().from(files)).length;

    const browser = new Browser({ [ORIGIN]: t.app });
    expect((await browser.get(`${ORIGIN}/api/staff/employment/contract/${token}`)).status).toBe(200);
    const res = await browser.post(`${ORIGIN}/api/staff/employment/contract/${token}/sign`, {
      signature_data: await signaturePng(),
    });
    expect(res.status).toBe(500);
    expect(res.json()).toEqual({
      errors: { message: 'The document could not be made. Please try again.', code: 'DOCUMENT_NOT_DRAWN' },
    });
    const [after] = await db.select().from(documents).where(eq(documents.id, row!.id));
    expect(after!.signedAt).toBeNull();
    expect(after!.signedFileId).toBeNull();
    // The signature image stored before the drawing is removed again.
    expect((await db.select().from(files)).length).toBe(filesBefore);
    const logged = log.lines().find((line) => line.msg === 'coded server error');
    // What failed in the thread goes to the log as the error's cause.
    expect(logged?.err).toMatchObject({ type: 'AppError', code: 'DOCUMENT_NOT_DRAWN', statusCode: 500 });
    expect((logged?.err as { stack: string }).stack).toContain('caused by: Error: Failed to parse PDF document');
  });
});
