/**
 * The drawing worker (drawing.ts runs it in a small pool of worker threads, decision 66): lays out an
 * HTML document as a PDF, and for a signature draws the footer and the signature certificate page and
 * saves the file with room for the seal's CMS (seal-room.ts) and signs that CMS (seal.ts signSeal). The
 * drawing is @cantoo/pdf-lib and fontkit, which parse, lay out, subset the Noto Sans faces and deflate
 * synchronously, and the CMS is pkijs: hundreds of milliseconds that would otherwise hold the server's
 * event loop. The signing key comes with the task (a CryptoKey, cloned into the thread for it); the
 * trusted time, a network call, is added on the server's thread (seal.ts stampSeal).
 */
import { threadId } from 'node:worker_threads';
import { renderHtmlToPdf } from './html-to-pdf.js';
import { signSeal, type SealKey, type SignedSeal } from './seal.js';
import { addSealRoom } from './seal-room.js';
import { buildSignedPdf, type SignatureEvidence } from './signed-pdf.js';

/** An HTML document as HR issued it, to lay out. */
interface HtmlSource {
  html: string;
  title: string;
  createdAt: Date;
}

/** What the worker is asked to draw. */
export type DrawTask =
  /** The PDF of an HTML document, as shown before it is signed. */
  | { kind: 'html'; source: HtmlSource }
  /**
   * The signed PDF of a document (its uploaded PDF, or its HTML laid out), with the footer and the
   * certificate page; with `seal`, saved with room for the CMS and the CMS signed with `seal.key`,
   * else saved plainly.
   */
  | {
      kind: 'signed';
      original: { pdf: Uint8Array } | HtmlSource;
      evidence: SignatureEvidence;
      seal?: { reason: string; key: SealKey };
    };

/** What the worker drew. */
export interface DrawResult {
  pdf: Uint8Array;
  /** With a seal: where the CMS goes (seal-room.ts SealRoom) and what it signs. */
  room?: { contentsStart: number; digest: Uint8Array };
  /** With a seal: its CMS, signed, without a trusted time yet. */
  signed?: SignedSeal;
  /** Characters no embedded font has, as `U+XXXX` (each drawn as U+FFFD), for the log. */
  missingGlyphs: string[];
  /** The thread that drew it (never the main thread's 0). */
  threadId: number;
}

/** Draws `task`; Piscina calls it with each task posted to the pool. */
export default async function draw(task: DrawTask): Promise<DrawResult> {
  const missing = new Set<string>();
  const onMissingGlyphs = (codePoints: string[]) => codePoints.forEach((cp) => missing.add(cp));
  const layOut = (source: HtmlSource) => renderHtmlToPdf({ ...source, onMissingGlyphs });
  if (task.kind === 'html') {
    const pdf = await layOut(task.source);
    return { pdf, missingGlyphs: [...missing], threadId };
  }
  const original = 'pdf' in task.original ? task.original.pdf : await layOut(task.original);
  let room: DrawResult['room'];
  let signed: SignedSeal | undefined;
  const { seal, evidence } = task;
  const pdf = await buildSignedPdf(original, evidence, {
    onMissingGlyphs,
    seal: seal
      ? async (doc) => {
          const made = await addSealRoom(doc, {
            signedAt: evidence.signedAt,
            reason: seal.reason,
            signerName: evidence.signerName,
          });
          room = { contentsStart: made.contentsStart, digest: made.digest };
          signed = await signSeal(made.digest, seal.key);
          return made.pdf;
        }
      : undefined,
  });
  return { pdf, room, signed, missingGlyphs: [...missing], threadId };
}
