/**
 * Text layout helpers over pdf-lib's standard fonts: word wrapping by measured width, and a guard
 * for characters the fonts' WinAnsi encoding cannot carry (they become "?", never a crash).
 */
import { type PDFDocument, type PDFFont, type PDFPage, StandardFonts, rgb, type RGB } from 'pdf-lib';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
}

export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [regular, bold, italic, boldItalic] = await Promise.all([
    doc.embedFont(StandardFonts.Helvetica),
    doc.embedFont(StandardFonts.HelveticaBold),
    doc.embedFont(StandardFonts.HelveticaOblique),
    doc.embedFont(StandardFonts.HelveticaBoldOblique),
  ]);
  return { regular, bold, italic, boldItalic };
}

const encodable = new Map<string, boolean>();

/** `text` with every character the standard fonts cannot encode replaced by "?". */
export function pdfSafe(font: PDFFont, text: string): string {
  let out = '';
  for (const ch of text.normalize('NFC')) {
    let ok = encodable.get(ch);
    if (ok === undefined) {
      try {
        font.encodeText(ch);
        ok = true;
      } catch {
        ok = false;
      }
      encodable.set(ch, ok);
    }
    out += ok ? ch : ch === '\t' ? ' ' : '?';
  }
  return out;
}

/** Splits `text` into lines no wider than `width` points at `size`. Long words are broken. */
export function wrapText(font: PDFFont, text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of pdfSafe(font, text).split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      let rest = word;
      while (font.widthOfTextAtSize(rest, size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut), size) > width) cut--;
        lines.push(rest.slice(0, cut));
        rest = rest.slice(cut);
      }
      line = rest;
    }
    lines.push(line);
  }
  return lines;
}

export const A4: [number, number] = [595.28, 841.89];
export const MARGIN = 56;
export const GREY: RGB = rgb(0.35, 0.35, 0.35);
export const BLACK: RGB = rgb(0, 0, 0);

/** A cursor that writes lines top to bottom and starts a new A4 page when one is full. */
export class PageWriter {
  page: PDFPage;
  y: number;
  constructor(private readonly doc: PDFDocument) {
    this.page = doc.addPage(A4);
    this.y = A4[1] - MARGIN;
  }
  get width(): number {
    return A4[0] - 2 * MARGIN;
  }
  /** Makes room for `height` points, on a new page if needed. */
  ensure(height: number): void {
    if (this.y - height < MARGIN) {
      this.page = this.doc.addPage(A4);
      this.y = A4[1] - MARGIN;
    }
  }
  /** Writes wrapped text; `indent` in points from the left margin. */
  text(text: string, opts: { font: PDFFont; size: number; color?: RGB; indent?: number; gapAfter?: number }): void {
    const indent = opts.indent ?? 0;
    const lineHeight = opts.size * 1.4;
    for (const line of wrapText(opts.font, text, opts.size, this.width - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      if (line)
        this.page.drawText(line, {
          x: MARGIN + indent,
          y: this.y + opts.size * 0.3,
          size: opts.size,
          font: opts.font,
          color: opts.color ?? BLACK,
        });
    }
    this.y -= opts.gapAfter ?? 0;
  }
  gap(points: number): void {
    this.y -= points;
  }
}
