/**
 * Checks that untrusted bytes are a readable PDF with pages and takes out what a reader could run, with
 * pdf-lib, in a worker thread with a memory cap and a time limit: pdf-lib inflates compressed object
 * streams without bounds, so a small crafted upload could otherwise freeze or exhaust the server (a
 * decompression bomb).
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

const PDF_LIB = createRequire(import.meta.url).resolve('pdf-lib');

/** Limits of one probe: time, JavaScript heap, and bytes all compressed streams may inflate to. */
export const PDF_PROBE_LIMITS = {
  timeoutMs: 5_000,
  maxOldGenerationSizeMb: 256,
  maxInflatedBytes: 64 * 1024 * 1024,
} as const;

// The worker runs as CommonJS from a string so it works the same from TypeScript sources and the build.
// Before pdf-lib sees the file, every stream is inflated by zlib with a cap on the total, so a
// bomb is refused without ever being expanded (pdf-lib's own inflate has no cap).
// Then the active content a reader could run is looked for (ACTIVE below): a file with none is kept
// byte for byte; a signed one with some is refused (rewriting would break its signature); any other is
// rewritten as its pages alone, copied into a new document after the actions were cut from them, so
// what is not reachable from a page (the catalogue's OpenAction, named scripts, embedded files, form
// scripts, anything after the last %%EOF) is not carried over.
const workerSource = (maxInflatedBytes: number) => `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { PDFDocument, PDFDict, PDFName, PDFArray, PDFRef, PDFString, PDFHexString } = require(${JSON.stringify(PDF_LIB)});
const bytes = Buffer.from(workerData);
const text = bytes.toString('latin1');
let budget = ${maxInflatedBytes};
const streamStart = /stream\\r?\\n/g;
let match;
let bomb = false;
while (!bomb && (match = streamStart.exec(text))) {
  const begin = match.index + match[0].length;
  const end = text.indexOf('endstream', begin);
  if (end < 0) break;
  try {
    budget -= zlib.inflateSync(bytes.subarray(begin, end), { maxOutputLength: Math.max(budget, 1) }).length;
  } catch (err) {
    if (err && err.code === 'ERR_BUFFER_TOO_LARGE') bomb = true;
  }
  if (budget <= 0) bomb = true;
  streamStart.lastIndex = end;
}

// Actions that run something or reach outside the document; GoTo (a page of this file) and plain web
// links stay, as a reader shows them.
const RUNS = new Set(['JavaScript', 'Launch', 'SubmitForm', 'ImportData', 'ResetForm', 'GoToR', 'GoToE', 'Rendition', 'Sound', 'Movie', 'Hide', 'Named', 'SetOCGState', 'Trans', 'GoTo3DView', 'RichMediaExecute']);
const name = (dict, key) => { const v = dict.get(PDFName.of(key)); return v instanceof PDFName ? v.decodeText() : undefined; };
const str = (v) => (v instanceof PDFString || v instanceof PDFHexString ? v.decodeText() : '');
const dictOf = (doc, v) => { const d = v instanceof PDFRef ? doc.context.lookup(v) : v; return d instanceof PDFDict ? d : undefined; };
/** True when an action (or a chain of them, through /Next) runs something. */
function runs(doc, action, seen = new Set()) {
  const dict = dictOf(doc, action);
  if (!dict || seen.has(dict)) return false;
  seen.add(dict);
  const kind = name(dict, 'S');
  if (kind && RUNS.has(kind)) return true;
  if (kind === 'URI' && /^\\s*(javascript|file|data|vbscript):/i.test(str(dict.get(PDFName.of('URI'))))) return true;
  const next = dict.get(PDFName.of('Next'));
  const nexts = next instanceof PDFArray ? next.asArray() : next ? [next] : [];
  return nexts.some((n) => runs(doc, n, seen));
}
/** Every dictionary of the file, those written inside others included, with the streams' dictionaries. */
function* dicts(doc) {
  function* within(obj, depth) {
    if (depth > 32) return;
    if (obj instanceof PDFArray) for (const item of obj.asArray()) yield* within(item, depth + 1);
    const dict = obj instanceof PDFDict ? obj : obj && obj.dict instanceof PDFDict ? obj.dict : undefined;
    if (!dict) return;
    yield dict;
    for (const [, value] of dict.entries()) yield* within(value, depth + 1);
  }
  for (const [, obj] of doc.context.enumerateIndirectObjects()) yield* within(obj, 0);
}
/** What active content the document holds, by kind; empty when none. */
function activeContent(doc) {
  const found = new Set();
  const names = dictOf(doc, doc.catalog.get(PDFName.of('Names')));
  if (names && names.has(PDFName.of('JavaScript'))) found.add('scripts');
  if (names && names.has(PDFName.of('EmbeddedFiles'))) found.add('embedded files');
  const form = dictOf(doc, doc.catalog.get(PDFName.of('AcroForm')));
  if (form && form.has(PDFName.of('XFA'))) found.add('scripted form');
  if (runs(doc, doc.catalog.get(PDFName.of('OpenAction')))) found.add('actions');
  for (const dict of dicts(doc)) {
    if (dict.has(PDFName.of('AA')) || dict.has(PDFName.of('JS'))) found.add('actions');
    if (runs(doc, dict.get(PDFName.of('A')))) found.add('actions');
    if (name(dict, 'S') && RUNS.has(name(dict, 'S'))) found.add('actions');
    if (name(dict, 'Type') === 'EmbeddedFile' || name(dict, 'Subtype') === 'FileAttachment') found.add('embedded files');
  }
  return [...found];
}
/** Signed: a signature dictionary (its ByteRange) anywhere in the file. */
const signed = (doc) => [...dicts(doc)].some((d) => d.has(PDFName.of('ByteRange')));
/** Bytes after the last %%EOF other than line ends and spaces (HTML appended to a PDF, say). */
function trailingData() {
  const at = text.lastIndexOf('%%EOF');
  return at >= 0 && /\\S/.test(text.slice(at + 5));
}
/** Cuts every running action and attachment from the pages' objects, which the copy then carries. */
function cutFromPages(doc) {
  for (const dict of dicts(doc)) {
    dict.delete(PDFName.of('AA'));
    dict.delete(PDFName.of('JS'));
    if (runs(doc, dict.get(PDFName.of('A')))) dict.delete(PDFName.of('A'));
  }
  for (const page of doc.getPages()) {
    const annots = page.node.Annots();
    if (!annots) continue;
    for (let i = annots.size() - 1; i >= 0; i--) {
      const annot = dictOf(doc, annots.get(i));
      if (annot && name(annot, 'Subtype') === 'FileAttachment') annots.remove(i);
    }
  }
}

async function vet() {
  if (bomb) return { pages: -1 };
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const pages = doc.getPageCount();
  const found = activeContent(doc);
  if (trailingData()) found.push('data after the end of the file');
  if (found.length === 0) return { pages, active: [] };
  if (signed(doc)) return { pages, active: found, refused: 'signed' };
  cutFromPages(doc);
  const clean = await PDFDocument.create({ updateMetadata: false });
  for (const page of await clean.copyPages(doc, doc.getPageIndices())) clean.addPage(page);
  const out = await clean.save({ useObjectStreams: true });
  const left = activeContent(await PDFDocument.load(out, { updateMetadata: false }));
  if (left.length) return { pages, active: found, refused: 'not-cleaned' };
  return { pages, active: found, bytes: out };
}
vet().then((result) => parentPort.postMessage(result), () => parentPort.postMessage({ pages: -1 }));
`;

/** What vetting an uploaded PDF found. */
export type PdfVetting =
  /** Not readable, no pages, past the inflate cap, the time limit or the heap cap. */
  | { outcome: 'unreadable' }
  /** Signed, with active content: rewriting would break the signature, so it cannot be kept. */
  | { outcome: 'signed-with-active-content'; active: string[] }
  /** Readable: `bytes` to store (the upload itself, or a copy of its pages without `active`). */
  | { outcome: 'ok'; pages: number; bytes: Uint8Array; active: string[] };

/**
 * Vets `bytes` as an uploaded PDF (docs/product.md#limits-and-checks): readable with pages, and with no
 * active content a reader could run (JavaScript and other actions, launch actions, embedded files,
 * scripted forms, data after the end of the file). A PDF with none is kept as uploaded; one with some is
 * rewritten as its pages without it, unless it is signed, which is refused.
 */
export function vetPdf(bytes: Uint8Array, limits = PDF_PROBE_LIMITS): Promise<PdfVetting> {
  return new Promise((resolve) => {
    const worker = new Worker(workerSource(limits.maxInflatedBytes), {
      eval: true,
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (result: PdfVetting) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(result);
    };
    const unreadable: PdfVetting = { outcome: 'unreadable' };
    const timer = setTimeout(() => finish(unreadable), limits.timeoutMs);
    worker.once('message', (m: { pages: number; active?: string[]; refused?: string; bytes?: Uint8Array }) => {
      if (m.pages <= 0 || m.refused === 'not-cleaned') return finish(unreadable);
      if (m.refused === 'signed') return finish({ outcome: 'signed-with-active-content', active: m.active ?? [] });
      finish({ outcome: 'ok', pages: m.pages, bytes: m.bytes ?? bytes, active: m.active ?? [] });
    });
    worker.once('error', () => finish(unreadable));
    worker.once('exit', () => finish(unreadable));
  });
}
