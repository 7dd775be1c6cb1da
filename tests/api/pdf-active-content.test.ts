/**
 * Uploaded PDFs are stored without what a reader could run (docs/product.md#limits-and-checks): an
 * /OpenAction script, page and link actions, attached files, HTML appended after %%EOF. What a reader
 * shows (the pages and their text) stays; a PDF with nothing active is kept byte for byte, a signed one
 * too, and a signed one with scripts is refused, since rewriting it would break its signature.
 */
import { PDFDict, PDFDocument, PDFName, PDFString, StandardFonts } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { type Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp } from './helpers/test-app.js';

const SCRIPT = "app.alert('owned')";

/** A one-page PDF saying `text`, changed by `craft` before it is saved. */
async function craftedPdf(text: string, craft: (doc: PDFDocument) => void | Promise<void>): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  doc.addPage([595, 842]).drawText(text, { x: 50, y: 780, size: 14, font });
  await craft(doc);
  return doc.save({ useObjectStreams: false });
}

const jsAction = (doc: PDFDocument) => doc.context.obj({ Type: 'Action', S: 'JavaScript', JS: PDFString.of(SCRIPT) });

/** A signature field's dictionary, as a signed PDF carries (its ByteRange is what marks it signed). */
const signature = (doc: PDFDocument) => {
  const sig = doc.context.obj({ Type: 'Sig', Filter: 'Adobe.PPKLite', ByteRange: [0, 100, 200, 300] });
  doc.catalog.set(
    PDFName.of('AcroForm'),
    doc.context.obj({ SigFlags: 3, Fields: [doc.context.register(doc.context.obj({ FT: 'Sig', V: sig }))] }),
  );
};

describe('uploaded PDFs with active content', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let sam: Browser;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    sam = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
  });
  afterAll(() => t.dropAll());

  /** Uploads `pdf` as a member's document; answers the status and, when stored, the bytes kept. */
  async function upload(pdf: Uint8Array) {
    const res = await sam.post(`${PORTAL}/api/staff/self-service/upload-file`, {
      file_data: dataUrl('application/pdf', pdf),
      filename: 'certificate.pdf',
    });
    if (res.status !== 200) return { status: res.status, message: res.json().errors.message as string };
    const stored = await t.app.inject({ url: res.json().data.uri });
    return { status: 200, bytes: stored.rawPayload };
  }

  it('keeps a PDF with nothing active exactly as uploaded', async () => {
    const pdf = await simplePdf('Food hygiene certificate');
    const kept = await upload(pdf);
    expect(Buffer.compare(kept.bytes!, Buffer.from(pdf))).toBe(0);
  });

  it('takes out an opening script, page and link actions, attachments and appended HTML, keeping the text', async () => {
    const crafted = await craftedPdf('Insurance certificate for AB12 CDE', async (doc) => {
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(jsAction(doc)));
      const page = doc.getPage(0);
      page.node.set(PDFName.of('AA'), doc.context.obj({ O: jsAction(doc) }));
      const link = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [50, 700, 200, 720],
        A: doc.context.obj({ S: 'URI', URI: PDFString.of('javascript:alert(1)') }),
      });
      const launch = doc.context.obj({
        Type: 'Annot',
        Subtype: 'Link',
        Rect: [50, 650, 200, 670],
        A: doc.context.obj({ S: 'Launch', F: PDFString.of('cmd.exe') }),
      });
      page.node.set(PDFName.of('Annots'), doc.context.obj([doc.context.register(link), doc.context.register(launch)]));
      await doc.attach(Buffer.from('MZ not really a program'), 'payload.exe', { mimeType: 'application/octet-stream' });
    });
    const withHtml = Buffer.concat([Buffer.from(crafted), Buffer.from('\n<html><script>alert(1)</script></html>\n')]);
    const kept = await upload(withHtml);
    expect(kept.status).toBe(200);
    const text = Buffer.from(kept.bytes!).toString('latin1');
    for (const active of ['/JavaScript', '/OpenAction', '/AA', '/Launch', 'javascript:', '/EmbeddedFile', '<script>'])
      expect(text, active).not.toContain(active);
    expect(await pdfPages(kept.bytes!)).toEqual(['Insurance certificate for AB12 CDE']);
    const reread = await PDFDocument.load(kept.bytes!);
    expect(reread.getPageCount()).toBe(1);
    expect(reread.catalog.lookupMaybe(PDFName.of('Names'), PDFDict)).toBeUndefined();
  });

  it('keeps a signed PDF with nothing active as uploaded, and refuses one with a script', async () => {
    const signedClean = await craftedPdf('Right to work share code result', signature);
    const kept = await upload(signedClean);
    expect(Buffer.compare(kept.bytes!, Buffer.from(signedClean))).toBe(0);

    const signedScripted = await craftedPdf('Right to work share code result', (doc) => {
      signature(doc);
      doc.catalog.set(PDFName.of('OpenAction'), doc.context.register(jsAction(doc)));
    });
    expect(await upload(signedScripted)).toEqual({
      status: 400,
      message:
        'This signed PDF contains scripts or other active content, so it cannot be accepted. Save it as a new PDF without its signature, or ask the sender for a copy without scripts.',
    });
  });
});
