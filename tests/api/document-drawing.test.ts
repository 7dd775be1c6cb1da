/**
 * Signed documents are drawn off the event loop (decision 66): the layout, the footer, the certificate
 * page and the room for the seal are made in a worker thread. A drawing thread that crashes or hangs fails its own task with a coded
 * error, and the next task is drawn by a fresh thread.
 */
import { threadId } from 'node:worker_threads';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '@server/errors.js';
import { webcrypto } from 'node:crypto';
import { createDocumentDrawing, type DrawTask } from '@server/modules/documents/drawing.js';
import { fillSealRoom } from '@server/modules/documents/seal.js';
import { generateCertificates } from '@server/modules/documents/signing-certificates.js';
import { pdfPages } from '../support/pdf-text.js';
import { signaturePng } from '../support/fixtures.js';

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
