/**
 * Files for tests of uploads and signatures: real images and PDFs made with sharp and pdf-lib, and
 * the disguised ones an attacker would send.
 */
import zlib from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import sharp from 'sharp';

export const dataUrl = (type: string, bytes: Uint8Array) =>
  `data:${type};base64,${Buffer.from(bytes).toString('base64')}`;

/** A PNG of a signature-like stroke on a transparent 400x100 pad. */
export async function signaturePng(): Promise<string> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100"><path d="M20 70 C 80 10, 120 90, 180 40 S 300 80, 380 30" stroke="black" stroke-width="3" fill="none"/></svg>`;
  return dataUrl('image/png', await sharp(Buffer.from(svg)).png().toBuffer());
}

/** A transparent 400x100 PNG: nothing drawn. */
export async function blankSignaturePng(): Promise<string> {
  return dataUrl(
    'image/png',
    await sharp({ create: { width: 400, height: 100, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } } })
      .png()
      .toBuffer(),
  );
}

/** A one-page PDF saying `text`. */
export async function simplePdf(text: string, pages = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < pages; i++)
    doc.addPage([595, 842]).drawText(`${text} (page ${i + 1})`, { x: 50, y: 780, size: 14, font });
  return doc.save();
}

/** A JPEG photo carrying EXIF metadata (camera make), as phones send. */
export async function jpegWithExif(): Promise<Uint8Array> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: 'SpyCam', Model: 'GPS-1' } })
    .toBuffer();
}

/**
 * A small PDF whose compressed object stream inflates to `inflatedMb` megabytes: a decompression
 * bomb of the kind pdf-lib would expand without limit.
 */
export function pdfBomb(inflatedMb = 400): Buffer {
  const payload = zlib.deflateSync(Buffer.alloc(inflatedMb * 1024 * 1024, 0x20), { level: 9 });
  const head = Buffer.from(
    '%PDF-1.7\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj\n' +
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj\n' +
      `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${payload.length} >>\nstream\n`,
    'latin1',
  );
  const tail = Buffer.from('\nendstream\nendobj\ntrailer << /Root 1 0 R /Size 5 >>\n%%EOF\n', 'latin1');
  return Buffer.concat([head, payload, tail]);
}
