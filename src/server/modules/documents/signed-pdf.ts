/**
 * The signed PDF (docs/architecture.md#data-and-files): the document as it was, a footer on every page
 * naming the signature, and a signature certificate page with the signature image and the evidence
 * (signer, date and time, IP address, user agent, SHA-256 of exactly what was shown), drawn with
 * @cantoo/pdf-lib in Noto Sans, then handed whole to the seal (seal.ts).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { PDFDocument, rgb } from '@cantoo/pdf-lib';
import type { HistoryLines } from './history.js';
import { embedFonts, GREY, MARGIN, missingGlyphs, PageWriter, pdfSafe } from './pdf-text.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The group is in the UK: certificate times are UK local time, with UTC beside them. */
export const DOCUMENT_TIME_ZONE = 'Europe/London';

export interface SignatureEvidence {
  documentId: string;
  title: string;
  kind: 'contract' | 'agreement';
  signerName: string;
  signerEmail: string;
  signedAt: Date;
  ip: string;
  userAgent: string;
  /** Hex SHA-256 of what was shown (HTML text or PDF bytes). */
  documentSha256: string;
  /** What `documentSha256` was taken over, in words. */
  hashedWhat: string;
  signaturePng: Uint8Array;
  /** The document's history (history.ts historyLines), printed under the evidence. */
  history?: HistoryLines[];
}

export const CERTIFICATE_HEADING = 'Signature certificate';

/** What becomes of the drawn document: `seal` turns it into the file's bytes (a plain save without). */
export interface SignedPdfFinish {
  seal?: (doc: PDFDocument) => Promise<Uint8Array>;
  /** Hears of characters no embedded font has (code points; each drawn as U+FFFD). */
  onMissingGlyphs?: (codePoints: string[]) => void;
}

/** The original PDF with the footer on each page and the certificate page appended. */
export async function buildSignedPdf(
  original: Uint8Array,
  ev: SignatureEvidence,
  finish: SignedPdfFinish = {},
): Promise<Uint8Array> {
  const doc = await PDFDocument.load(original, { updateMetadata: false });
  const fonts = await embedFonts(doc);
  const local = dayjs(ev.signedAt).tz(DOCUMENT_TIME_ZONE);
  const when = `${local.format('DD/MM/YYYY HH:mm:ss')} UK time`;

  const footer = pdfSafe(
    fonts.regular,
    `Signed electronically by ${ev.signerName} on ${local.format('DD/MM/YYYY HH:mm')} (UK time). See the signature certificate on the last page.`,
  );
  for (const page of doc.getPages()) {
    const { width } = page.getSize();
    let size = 7;
    while (size > 4 && fonts.regular.widthOfTextAtSize(footer, size) > width - 24) size -= 0.5;
    page.drawText(footer, { x: 12, y: 10, size, font: fonts.regular, color: GREY });
  }

  const w = new PageWriter(doc);
  w.text(CERTIFICATE_HEADING, { font: fonts.bold, size: 18, gapAfter: 4 });
  w.text(`This page records the electronic signature of the ${ev.kind} before it.`, {
    font: fonts.regular,
    size: 10,
    color: GREY,
    gapAfter: 12,
  });
  const rows: [string, string][] = [
    ['Document', ev.title],
    ['Document ID', ev.documentId],
    ['Signed by', ev.signerName],
    ['Email address', ev.signerEmail],
    // With a history its Signed step says these, so the page keeps to one.
    ...(ev.history?.length
      ? []
      : ([
          ['Signed at', `${when} (${ev.signedAt.toISOString()})`],
          ['IP address', ev.ip],
          ['User agent', ev.userAgent || 'not sent'],
        ] as [string, string][])),
    ['Document SHA-256', ev.documentSha256],
    ['SHA-256 taken over', ev.hashedWhat],
  ];
  for (const [label, value] of rows) {
    w.text(label, { font: fonts.bold, size: 9.5 });
    w.text(value, { font: fonts.regular, size: 10, indent: 8, gapAfter: 6 });
  }
  if (ev.history?.length) {
    w.text('History', { font: fonts.bold, size: 11, gapAfter: 2 });
    for (const step of ev.history) {
      w.text(step.heading, { font: fonts.bold, size: 9 });
      w.text(step.details.join(' · '), { font: fonts.regular, size: 8.5, indent: 8, gapAfter: 4 });
    }
  }
  w.gap(8);
  w.text('Signature', { font: fonts.bold, size: 9.5, gapAfter: 4 });
  const png = await doc.embedPng(ev.signaturePng);
  const scaled = png.scaleToFit(w.width, 120);
  w.ensure(scaled.height + 20);
  const boxTop = w.y;
  w.page.drawRectangle({
    x: MARGIN,
    y: boxTop - scaled.height - 16,
    width: w.width,
    height: scaled.height + 16,
    borderColor: rgb(0.7, 0.7, 0.7),
    borderWidth: 0.75,
  });
  w.page.drawImage(png, { x: MARGIN + 8, y: boxTop - scaled.height - 8, width: scaled.width, height: scaled.height });
  w.gap(scaled.height + 28);
  w.text(
    'The SHA-256 fingerprint identifies exactly the document that was shown to the signer: any change to it gives a different fingerprint.',
    { font: fonts.italic, size: 9, color: GREY },
  );

  doc.setTitle(`${ev.title} (signed)`);
  doc.setProducer('Staffroom');
  doc.setModificationDate(ev.signedAt);
  const missing = missingGlyphs(doc);
  if (missing.length) finish.onMissingGlyphs?.(missing);
  return finish.seal ? finish.seal(doc) : doc.save();
}
