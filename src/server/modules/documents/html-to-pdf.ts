/**
 * A PDF of a sanitised HTML contract or agreement (@cantoo/pdf-lib, Noto Sans), so an HTML document has a PDF to keep
 * and to sign like an uploaded one. It lays out the text structure (headings, paragraphs, lists,
 * bold and italic words within them, table rows); it is not a browser, and the sanitiser has already removed styles.
 */
import { parseDocument } from 'htmlparser2';
import { PDFDocument } from '@cantoo/pdf-lib';
import { embedFonts, missingGlyphs, PageWriter, type Fonts, type TextRun } from './pdf-text.js';

type Node = { type: string; name?: string; data?: string; children?: Node[]; attribs?: Record<string, string> };

/** Text in one style: a block's words change style where its `<b>`, `<i>` and their kin do. */
interface Run {
  text: string;
  bold: boolean;
  italic: boolean;
}

interface Block {
  kind: 'heading' | 'text' | 'rule';
  level: number;
  runs: Run[];
  indent: number;
}

const textOf = (block: Block) => block.runs.map((run) => run.text).join('');

/**
 * `runs` with HTML's white space folded as the block's text was before styles had runs: spaces and
 * tabs to one space, spaces around a newline dropped, and the block's ends trimmed.
 */
function folded(runs: Run[]): Run[] {
  const out = runs.map((run) => ({ ...run, text: run.text.replace(/[ \t]+/g, ' ').replace(/ *\n */g, '\n') }));
  while (out.length && !out[0]!.text.trimStart()) out.shift();
  while (out.length && !out.at(-1)!.text.trimEnd()) out.pop();
  if (out.length) {
    out[0]!.text = out[0]!.text.trimStart();
    out.at(-1)!.text = out.at(-1)!.text.trimEnd();
  }
  return out;
}

const BLOCK_TAGS = new Set([
  'p',
  'div',
  'li',
  'blockquote',
  'pre',
  'tr',
  'dt',
  'dd',
  'section',
  'article',
  'header',
  'footer',
  'address',
  'figcaption',
  'caption',
  'main',
  'aside',
  'figure',
  'hgroup',
]);
const HEADING_SIZES: Record<number, number> = { 1: 18, 2: 15, 3: 13, 4: 12, 5: 11, 6: 11 };

function collectBlocks(html: string): Block[] {
  const blocks: Block[] = [];
  let current: Block | null = null;
  const flush = () => {
    if (current && textOf(current).trim()) blocks.push({ ...current, runs: folded(current.runs) });
    current = null;
  };
  const add = (text: string, style: { bold: boolean; italic: boolean }) => {
    current ??= { kind: 'text', level: 0, runs: [], indent: 0 };
    const last = current.runs.at(-1);
    if (last && last.bold === style.bold && last.italic === style.italic) last.text += text;
    else current.runs.push({ text, bold: style.bold, italic: style.italic });
  };
  const walk = (
    node: Node,
    ctx: { indent: number; bold: boolean; italic: boolean; list: { ordered: boolean; n: number } | null },
  ) => {
    if (node.type === 'text') {
      current ??= { kind: 'text', level: 0, runs: [], indent: ctx.indent };
      add(node.data ?? '', ctx);
      return;
    }
    const tag = node.name ?? '';
    const heading = /^h([1-6])$/.exec(tag);
    if (heading) {
      flush();
      current = { kind: 'heading', level: Number(heading[1]), runs: [], indent: 0 };
      for (const c of node.children ?? []) walk(c, { ...ctx, bold: true });
      flush();
      return;
    }
    if (tag === 'hr') {
      flush();
      blocks.push({ kind: 'rule', level: 0, runs: [], indent: 0 });
      return;
    }
    if (tag === 'br') {
      if (current) add('\n', ctx);
      return;
    }
    if (tag === 'ul' || tag === 'ol') {
      flush();
      const start = Number(node.attribs?.start ?? 1);
      const list = { ordered: tag === 'ol', n: Number.isFinite(start) ? start : 1 };
      for (const c of node.children ?? []) walk(c, { ...ctx, indent: ctx.indent + 14, list });
      flush();
      return;
    }
    if (tag === 'td' || tag === 'th') {
      if (current && textOf(current).trim()) add('   ', ctx);
      for (const c of node.children ?? []) walk(c, { ...ctx, bold: ctx.bold || tag === 'th' });
      return;
    }
    const bold = ctx.bold || tag === 'b' || tag === 'strong';
    const italic = ctx.italic || tag === 'i' || tag === 'em';
    if (BLOCK_TAGS.has(tag)) {
      flush();
      if (tag === 'li' && ctx.list) {
        current = { kind: 'text', level: 0, runs: [], indent: ctx.indent };
        add(ctx.list.ordered ? `${ctx.list.n++}. ` : '• ', { bold, italic });
      }
      for (const c of node.children ?? [])
        walk(c, { ...ctx, bold, italic, indent: tag === 'blockquote' ? ctx.indent + 14 : ctx.indent });
      flush();
      return;
    }
    for (const c of node.children ?? []) walk(c, { ...ctx, bold, italic });
  };
  walk(parseDocument(html) as unknown as Node, { indent: 0, bold: false, italic: false, list: null });
  flush();
  return blocks;
}

const fontFor = (fonts: Fonts, run: Run) =>
  run.bold && run.italic ? fonts.boldItalic : run.bold ? fonts.bold : run.italic ? fonts.italic : fonts.regular;

/**
 * Renders sanitised HTML into A4 pages under `title`. `createdAt` fixes the PDF dates so the output is
 * stable; `onMissingGlyphs` hears of characters no embedded font has (code points, drawn as U+FFFD).
 */
export async function renderHtmlToPdf(opts: {
  html: string;
  title: string;
  createdAt: Date;
  onMissingGlyphs?: (codePoints: string[]) => void;
}): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(opts.title);
  doc.setProducer('Staffroom');
  doc.setCreator('Staffroom');
  doc.setCreationDate(opts.createdAt);
  doc.setModificationDate(opts.createdAt);
  const fonts = await embedFonts(doc);
  const w = new PageWriter(doc);
  const blocks = collectBlocks(opts.html);
  const startsWithTitle = blocks[0]?.kind === 'heading' && textOf(blocks[0]) === opts.title;
  if (!startsWithTitle) w.text(opts.title, { font: fonts.bold, size: 18, gapAfter: 8 });
  for (const b of blocks) {
    if (b.kind === 'rule') {
      w.ensure(12);
      w.gap(6);
      w.page.drawLine({ start: { x: 56, y: w.y }, end: { x: 56 + w.width, y: w.y }, thickness: 0.5 });
      w.gap(6);
      continue;
    }
    const size = b.kind === 'heading' ? HEADING_SIZES[b.level]! : 10.5;
    if (b.kind === 'heading') {
      // Keep a heading with the start of what follows it.
      w.ensure(size * 1.4 + 4 + 3 * 10.5 * 1.4);
      w.gap(4);
    }
    const runs: TextRun[] = b.runs.map((run) => ({ text: run.text, font: fontFor(fonts, run) }));
    w.runs(runs, { size, indent: b.indent, gapAfter: b.kind === 'heading' ? 2 : 5 });
  }
  const missing = missingGlyphs(doc);
  if (missing.length) opts.onMissingGlyphs?.(missing);
  return doc.save();
}
