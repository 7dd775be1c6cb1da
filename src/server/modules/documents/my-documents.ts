/**
 * My Documents (docs/product.md#my-documents): every contract and agreement issued to the signed-in
 * member, to read, sign while it waits, and keep as the signed PDF at any time, not only while the
 * emailed link lives. A member reaches only their own: another member's id answers exactly as an
 * unknown one.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { MyDocument, MyDocumentDetail, MyDocumentStatus } from '@shared/api/documents.js';
import { documents } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { isExpired } from './links.js';
import { recordFirstOpen, signDocument, titledDocumentPdf, type DocumentRow } from './service.js';

/** The answer for a document that is not the member's, the same as for an unknown id. */
export const MY_DOCUMENT_NOT_FOUND = 'That document was not found.';

/** Where `row` stands for its signer (MyDocumentStatus). */
export function myDocumentStatus(row: DocumentRow, now = new Date()): MyDocumentStatus {
  if (row.signedAt) return 'signed';
  if (!row.tokenHash) return 'onboarding';
  return isExpired(row.expiresAt, now) ? 'expired' : 'waiting';
}

const toMyDocument = (row: DocumentRow): MyDocument => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  status: myDocumentStatus(row),
  issued_at: row.createdAt.toISOString(),
  signed_at: row.signedAt?.toISOString() ?? null,
  expires_at: row.tokenHash ? (row.expiresAt?.toISOString() ?? null) : null,
});

/** Every document issued to `staffId`, newest first. */
export async function listMyDocuments(opts: { services: Services; staffId: string }): Promise<MyDocument[]> {
  const rows = await opts.services.db
    .select()
    .from(documents)
    .where(eq(documents.staffId, opts.staffId))
    .orderBy(desc(documents.createdAt), desc(documents.id));
  return rows.map(toMyDocument);
}

/** `staffId`'s document `id`. @throws AppError NOT_FOUND for an unknown id and for anyone else's. */
async function findMyDocument(opts: { services: Services; staffId: string; id: string }): Promise<DocumentRow> {
  const [row] = await opts.services.db
    .select()
    .from(documents)
    .where(and(eq(documents.id, opts.id), eq(documents.staffId, opts.staffId)))
    .limit(1);
  if (!row) throw new AppError('NOT_FOUND', MY_DOCUMENT_NOT_FOUND);
  return row;
}

const toDetail = (row: DocumentRow): MyDocumentDetail => ({
  ...toMyDocument(row),
  is_pdf: row.sourceFileId !== null,
  html: row.html,
});

/**
 * One of the member's documents as its page shows it; the first opening is recorded for the signing
 * certificate. @throws AppError NOT_FOUND (findMyDocument).
 */
export async function openMyDocument(opts: {
  services: Services;
  staffId: string;
  id: string;
  ip: string;
  userAgent: string;
}): Promise<MyDocumentDetail> {
  const row = await findMyDocument(opts);
  await recordFirstOpen({ ...opts, row });
  return toDetail(row);
}

/**
 * Signs the member's waiting document, as its link would (same checks, evidence and signed PDF).
 * @throws AppError NOT_FOUND (findMyDocument); CONFLICT when already signed, for the onboarding
 * contract (signed in its onboarding step, which moves on when it is) and once its link has expired;
 * as signDocument.
 */
export async function signMyDocument(opts: {
  services: Services;
  staffId: string;
  id: string;
  signatureData: string;
  ip: string;
  userAgent: string;
}): Promise<MyDocumentDetail> {
  const row = await findMyDocument(opts);
  const status = myDocumentStatus(row);
  if (status === 'onboarding') {
    throw new AppError('CONFLICT', 'This contract is signed in your onboarding: open the link in your invitation.');
  }
  if (status === 'expired') {
    throw new AppError(
      'CONFLICT',
      `The time to sign this ${row.kind} has run out. Ask your manager to send you a new one.`,
    );
  }
  const signed = await signDocument({ ...opts, row, actor: `staff:${opts.staffId}` });
  return toDetail(signed);
}

/** The member's document as a PDF (the signed one once signed) and its file title. @throws as findMyDocument. */
export async function myDocumentPdf(opts: {
  services: Services;
  staffId: string;
  id: string;
}): Promise<{ bytes: Uint8Array; title: string }> {
  return titledDocumentPdf({ services: opts.services, row: await findMyDocument(opts) });
}
