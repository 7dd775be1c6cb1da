/**
 * Checks that untrusted bytes are a readable PDF with pages, with pdf-lib, in a worker thread with
 * a memory cap and a time limit: pdf-lib inflates compressed object streams without bounds, so a
 * small crafted upload could otherwise freeze or exhaust the server (a decompression bomb).
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
const workerSource = (maxInflatedBytes: number) => `
const { parentPort, workerData } = require('node:worker_threads');
const zlib = require('node:zlib');
const { PDFDocument } = require(${JSON.stringify(PDF_LIB)});
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
if (bomb) parentPort.postMessage({ pages: -1 });
else PDFDocument.load(bytes, { updateMetadata: false })
  .then((doc) => parentPort.postMessage({ pages: doc.getPageCount() }))
  .catch(() => parentPort.postMessage({ pages: -1 }));
`;

/**
 * The page count of `bytes` as a PDF, or null when it is not readable, has no pages, inflates past
 * the cap, takes longer than the time limit or more heap than the cap.
 */
export function probePdf(bytes: Uint8Array, limits = PDF_PROBE_LIMITS): Promise<number | null> {
  return new Promise((resolve) => {
    const worker = new Worker(workerSource(limits.maxInflatedBytes), {
      eval: true,
      workerData: bytes,
      resourceLimits: { maxOldGenerationSizeMb: limits.maxOldGenerationSizeMb, maxYoungGenerationSizeMb: 32 },
    });
    let settled = false;
    const finish = (pages: number | null) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      void worker.terminate();
      resolve(pages !== null && pages > 0 ? pages : null);
    };
    const timer = setTimeout(() => finish(null), limits.timeoutMs);
    worker.once('message', (m: { pages: number }) => finish(m.pages));
    worker.once('error', () => finish(null));
    worker.once('exit', () => finish(null));
  });
}
