/**
 * The PDF side of the seal (seal.ts, decision 59): an invisible signature field on the last page whose
 * signature dictionary keeps empty room for the CMS, the file saved without object streams (so the room
 * can be found and filled in place), the real `/ByteRange` written over its placeholder, and the
 * SHA-256 of every byte but the room. Pure @cantoo/pdf-lib and node:crypto: it runs in the drawing
 * worker (drawing-worker.ts); the CMS is written into the room by seal.ts `fillSealRoom`.
 */
import { createHash } from 'node:crypto';
import { PDFArray, type PDFDocument, PDFHexString, PDFName, PDFNumber, PDFString } from '@cantoo/pdf-lib';
import { CONTENTS_BYTES } from './seal.js';

/** What `/ByteRange` holds until the file's length is known; replaced in place, padded with spaces. */
const BYTE_RANGE_PLACEHOLDER = '**********';

/** A saved PDF with room for its CMS, and what the CMS signs. */
export interface SealRoom {
  /** The whole file, `/ByteRange` filled, `/Contents` still zeros. */
  pdf: Uint8Array;
  /** Offset of the `<` that opens `/Contents`; the hex of the CMS goes right after it. */
  contentsStart: number;
  /** SHA-256 of the bytes `/ByteRange` covers (all but `/Contents`), the CMS's message digest. */
  digest: Uint8Array;
}

/**
 * Adds the signature field and dictionary to `doc`, saves it and measures the byte range.
 * @param opts.signedAt the dictionary's `/M` (the claimed signing time).
 * @throws Error when the saved file does not hold the room exactly once.
 */
export async function addSealRoom(
  doc: PDFDocument,
  opts: { signedAt: Date; reason: string; signerName: string },
): Promise<SealRoom> {
  const ctx = doc.context;
  const placeholder = PDFName.of(BYTE_RANGE_PLACEHOLDER);
  const sigDict = ctx.obj({
    Type: 'Sig',
    Filter: 'Adobe.PPKLite',
    SubFilter: 'ETSI.CAdES.detached',
    ByteRange: PDFArray.withContext(ctx),
    Contents: PDFHexString.of('0'.repeat(CONTENTS_BYTES * 2)),
    M: PDFString.fromDate(opts.signedAt),
    Name: PDFHexString.fromText(opts.signerName),
    Reason: PDFHexString.fromText(opts.reason),
  });
  const byteRange = sigDict.lookup(PDFName.of('ByteRange'), PDFArray);
  byteRange.push(PDFNumber.of(0));
  byteRange.push(placeholder);
  byteRange.push(placeholder);
  byteRange.push(placeholder);
  const sigRef = ctx.register(sigDict);

  const pages = doc.getPages();
  const page = pages[pages.length - 1]!;
  const widgetRef = ctx.register(
    ctx.obj({
      Type: 'Annot',
      Subtype: 'Widget',
      FT: 'Sig',
      Rect: [0, 0, 0, 0],
      V: sigRef,
      T: PDFString.of(`Staffroom seal ${opts.signedAt.toISOString()}`),
      F: 132,
      P: page.ref,
    }),
  );
  page.node.addAnnot(widgetRef);
  const acroForm = doc.catalog.getOrCreateAcroForm();
  acroForm.addField(widgetRef);
  acroForm.dict.set(PDFName.of('SigFlags'), PDFNumber.of(3));

  const pdf = await doc.save({ useObjectStreams: false, updateFieldAppearances: false });
  const { contentsStart, contentsEnd } = fillByteRange(pdf);
  const digest = createHash('sha256').update(pdf.subarray(0, contentsStart)).update(pdf.subarray(contentsEnd)).digest();
  return { pdf, contentsStart, digest: new Uint8Array(digest) };
}

/** Finds the room for the CMS and writes the real `/ByteRange` over its placeholder, in place. */
function fillByteRange(pdf: Uint8Array): { contentsStart: number; contentsEnd: number } {
  const text = Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength).toString('latin1');
  const room = `<${'0'.repeat(CONTENTS_BYTES * 2)}>`;
  const contentsStart = text.indexOf(room);
  const rangeMatch = /\/ByteRange\s*\[\s*0\s+\/\*{10}\s+\/\*{10}\s+\/\*{10}\s*\]/.exec(text);
  if (contentsStart < 0 || text.indexOf(room, contentsStart + 1) >= 0 || !rangeMatch) {
    throw new Error('The signature dictionary was not found once in the saved PDF');
  }
  const contentsEnd = contentsStart + room.length;
  const inner = `0 ${contentsStart} ${contentsEnd} ${pdf.length - contentsEnd}`;
  const open = rangeMatch.index + rangeMatch[0].indexOf('[') + 1;
  const width = rangeMatch[0].lastIndexOf(']') - rangeMatch[0].indexOf('[') - 1;
  if (inner.length > width) throw new Error('The byte range does not fit its placeholder');
  pdf.set(Buffer.from(inner.padEnd(width, ' '), 'latin1'), open);
  return { contentsStart, contentsEnd };
}
