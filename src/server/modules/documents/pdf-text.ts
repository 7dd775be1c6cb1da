/**
 * Text layout helpers for the PDFs Staffroom draws (@cantoo/pdf-lib): Noto Sans embedded, so names in
 * any Latin script, Greek, Cyrillic and Vietnamese print as written; word wrapping by measured width; and a guard for characters no embedded font has, which
 * are drawn as U+FFFD (the replacement character, visible) and counted for the log.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { type PDFDocument, type PDFFont, type PDFPage, rgb, type RGB } from '@cantoo/pdf-lib';
import fontkit from '@cantoo/fontkit';

export interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
  italic: PDFFont;
  boldItalic: PDFFont;
}

const require = createRequire(import.meta.url);
const NOTO = '@expo-google-fonts/noto-sans';
const FONT_FILES = {
  regular: `${NOTO}/400Regular/NotoSans_400Regular.ttf`,
  bold: `${NOTO}/700Bold/NotoSans_700Bold.ttf`,
  italic: `${NOTO}/400Regular_Italic/NotoSans_400Regular_Italic.ttf`,
  boldItalic: `${NOTO}/700Bold_Italic/NotoSans_700Bold_Italic.ttf`,
} as const;

/** What stands in for a character no embedded font has: visible on the page, never a silent "?". */
export const REPLACEMENT_CHARACTER = '\uFFFD';

let fontBytes: Promise<Record<keyof Fonts, Uint8Array>> | undefined;
/** The four TTF files, read once per process (about 2.5 MB, held while this module is loaded). */
function loadFontBytes(): Promise<Record<keyof Fonts, Uint8Array>> {
  fontBytes ??= (async () => {
    const entries = await Promise.all(
      Object.entries(FONT_FILES).map(async ([style, file]) => [style, await readFile(require.resolve(file))] as const),
    );
    return Object.fromEntries(entries) as unknown as Record<keyof Fonts, Uint8Array>;
  })().catch((err: unknown) => {
    fontBytes = undefined;
    throw err;
  });
  return fontBytes;
}

let coverage: Promise<{ has(codePoint: number): boolean }> | undefined;
/** Which code points the regular face has a glyph for (the four styles cover the same characters). */
function loadCoverage(): Promise<{ has(codePoint: number): boolean }> {
  coverage ??= loadFontBytes().then((bytes) => {
    const font = fontkit.create(bytes.regular);
    // A .ttf is one face; only a collection (.ttc) has none of its own.
    if (!('hasGlyphForCodePoint' in font)) throw new Error('Noto Sans Regular is not a single font face');
    return { has: (cp: number) => font.hasGlyphForCodePoint(cp) };
  });
  return coverage;
}

interface DocText {
  has(codePoint: number): boolean;
  missing: Set<string>;
}
const docText = new WeakMap<PDFDocument, DocText>();

/**
 * Embeds Noto Sans (regular, bold, italic, bold italic) in `doc`, so text copied or extracted from the
 * PDF reads letter for letter.
 */
export async function embedFonts(doc: PDFDocument): Promise<Fonts> {
  const [bytes, cover] = await Promise.all([loadFontBytes(), loadCoverage()]);
  doc.registerFontkit(fontkit);
  // Ligatures and glyph composition (ccmp, which draws ị as i with a separate dot) off: each
  // character is then its own glyph, which text extraction maps back to that character.
  // Subsets through fontkit 2 (@cantoo/fontkit), the API @cantoo/pdf-lib calls: @pdf-lib/fontkit 1.x's
  // subsets of Noto Sans extracted right but rendered most glyphs blank (pdftoppm).
  const options = { subset: true, features: { liga: false, clig: false, dlig: false, ccmp: false } };
  const [regular, bold, italic, boldItalic] = await Promise.all([
    doc.embedFont(bytes.regular, options),
    doc.embedFont(bytes.bold, options),
    doc.embedFont(bytes.italic, options),
    doc.embedFont(bytes.boldItalic, options),
  ]);
  docText.set(doc, { has: cover.has, missing: new Set() });
  return { regular, bold, italic, boldItalic };
}

/**
 * The characters `doc`'s text had that no embedded font has (each drawn as U+FFFD), as `U+XXXX`
 * code points for the log: names and merge values themselves stay out of it.
 */
export function missingGlyphs(doc: PDFDocument): string[] {
  const found = docText.get(doc)?.missing ?? new Set<string>();
  return [...found].map((ch) => `U+${ch.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
}

/**
 * `text` in NFC with tabs as spaces, other control characters dropped, and every character the
 * embedded fonts lack replaced by U+FFFD (and remembered for `missingGlyphs`).
 */
export function pdfSafe(font: PDFFont, text: string): string {
  const known = docText.get(font.doc);
  let out = '';
  for (const ch of text.normalize('NFC')) {
    if (ch === '\n') {
      out += ch;
      continue;
    }
    if (ch === '\t') {
      out += ' ';
      continue;
    }
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) continue;
    if (known && !known.has(cp)) {
      known.missing.add(ch);
      out += REPLACEMENT_CHARACTER;
      continue;
    }
    out += ch;
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
      // Broken between code points, never inside a surrogate pair.
      let rest = [...word];
      while (font.widthOfTextAtSize(rest.join(''), size) > width) {
        let cut = rest.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(rest.slice(0, cut).join(''), size) > width) cut--;
        lines.push(rest.slice(0, cut).join(''));
        rest = rest.slice(cut);
      }
      line = rest.join('');
    }
    lines.push(line);
  }
  return lines;
}

/** A stretch of text in one font: a paragraph is one or more, as its bold and italic words change. */
export interface TextRun {
  text: string;
  font: PDFFont;
}

const runsWidth = (runs: TextRun[], size: number) =>
  runs.reduce((sum, run) => sum + run.font.widthOfTextAtSize(run.text, size), 0);

/** `runs` with neighbours in the same font joined, so each line draws as few pieces as it can. */
function joined(runs: TextRun[]): TextRun[] {
  const out: TextRun[] = [];
  for (const run of runs) {
    const last = out.at(-1);
    if (last && last.font === run.font) last.text += run.text;
    else if (run.text) out.push({ ...run });
  }
  return out;
}

/** The longest start of `word` (its pieces' code points in order) no wider than `width`, and the rest. */
function cutWord(word: TextRun[], size: number, width: number): [TextRun[], TextRun[]] {
  const letters = word.flatMap((run) => [...run.text].map((text) => ({ text, font: run.font })));
  let cut = Math.max(1, letters.length - 1);
  while (cut > 1 && runsWidth(letters.slice(0, cut), size) > width) cut--;
  return [joined(letters.slice(0, cut)), joined(letters.slice(cut))];
}

/**
 * Splits styled text into lines no wider than `width` points at `size`, as wrapText does for one font:
 * words break at white space (a word may change font inside it, as in `<b>Staff</b>room`), a newline
 * starts a line, a word wider than a line is broken between code points. Each line is its runs in order.
 */
export function wrapRuns(runs: TextRun[], size: number, width: number): TextRun[][] {
  const lines: TextRun[][] = [];
  let line: TextRun[] = [];
  let lineWidth = 0;
  let word: TextRun[] = [];
  const endLine = () => {
    lines.push(joined(line));
    line = [];
    lineWidth = 0;
  };
  const placeWord = () => {
    if (word.length === 0) return;
    let rest = word;
    word = [];
    const space = line.length ? line.at(-1)!.font.widthOfTextAtSize(' ', size) : 0;
    if (lineWidth + space + runsWidth(rest, size) <= width) {
      if (line.length) line.push({ text: ' ', font: line.at(-1)!.font });
      line.push(...rest);
      lineWidth += space + runsWidth(rest, size);
      return;
    }
    if (line.length) endLine();
    while (runsWidth(rest, size) > width) {
      const [start, after] = cutWord(rest, size, width);
      lines.push(start);
      rest = after;
    }
    line = [...rest];
    lineWidth = runsWidth(rest, size);
  };
  for (const run of runs) {
    for (const token of pdfSafe(run.font, run.text).match(/\n|[^\S\n]+|\S+/g) ?? []) {
      if (token === '\n') {
        placeWord();
        endLine();
      } else if (/^\s+$/.test(token)) placeWord();
      else word.push({ text: token, font: run.font });
    }
  }
  placeWord();
  endLine();
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
  /** Writes wrapped styled text (wrapRuns); `indent` in points from the left margin. */
  runs(runs: TextRun[], opts: { size: number; color?: RGB; indent?: number; gapAfter?: number }): void {
    const indent = opts.indent ?? 0;
    const lineHeight = opts.size * 1.4;
    for (const line of wrapRuns(runs, opts.size, this.width - indent)) {
      this.ensure(lineHeight);
      this.y -= lineHeight;
      let x = MARGIN + indent;
      for (const run of line) {
        this.page.drawText(run.text, {
          x,
          y: this.y + opts.size * 0.3,
          size: opts.size,
          font: run.font,
          color: opts.color ?? BLACK,
        });
        x += run.font.widthOfTextAtSize(run.text, opts.size);
      }
    }
    this.y -= opts.gapAfter ?? 0;
  }
  gap(points: number): void {
    this.y -= points;
  }
}
