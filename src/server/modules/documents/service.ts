/**
 * Contracts and agreements (docs/product.md#documents; docs/architecture.md#data-and-files): issued by HR from an
 * HTML or PDF template, read and signed by the joiner from a link, kept as a signed PDF with a
 * certificate page. What is shown is fixed at issue time, and its SHA-256 is stored with it.
 */
import path from 'node:path';
import dayjs from 'dayjs';
import { todayInUk } from '@server/lib/uk-days.js';
import { and, eq, isNull } from 'drizzle-orm';
import type { Agreement, Contract, VerifyResult } from '@shared/api/documents.js';
import { MAX_VERIFY_PDF_BYTES } from '@shared/upload-rules.js';
import { getBrand } from '@shared/brands.js';
import { documents, signingCertificates, staff } from '@server/db/schema.js';
import { isLeaver } from '@server/lib/leavers.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { hashToken, sha256Hex } from '@server/lib/tokens.js';
import { whyNotDelivered, type DeliveryProblem } from '@server/lib/delivery-queue.js';
import { lazy } from '@server/lib/on-demand.js';
import type { Services } from '@server/services.js';
import { decodeDataUrl, deleteFiles, readFile, storeFile, vetUpload } from '@server/modules/files/index.js';
import { findStaffWithVenue } from '@server/modules/staff/index.js';
import { isExpired, linkMailFooter, linkNotValid, newLinkToken } from './links.js';
import { gatherDocumentHistory, hashedWhat, historyLines } from './history.js';
import { parseSignature } from './signature.js';
import { createDocumentDrawing } from './drawing.js';
import type { SealTimestamp } from './seal.js';
import type { MergeValues } from './template.js';

// Loaded when a document is first issued, shown as a PDF or signed (docs/architecture.md#start-up-and-memory):
// pdf-lib, htmlparser2 and sanitize-html are most of what a start would otherwise load for them.
const loadTemplate = lazy(() => import('./template.js'));
// The seal's stack (pkijs, asn1js) loads with the first signature or authority download.
const loadSeal = lazy(() => import('./seal.js'));
const loadSigningCertificates = lazy(() => import('./signing-certificates.js'));
const loadVerify = lazy(() => import('./verify.js'));

/** The PDFs this process lays out and signs are drawn in worker threads (drawing.ts). */
const drawing = createDocumentDrawing();

export type DocumentKind = 'contract' | 'agreement';
export type DocumentRow = typeof documents.$inferSelect;
type StaffWithVenue = NonNullable<Awaited<ReturnType<typeof findStaffWithVenue>>>;

/** A template as HR hands it over: its file name (for the type and default title) and bytes. */
export interface TemplateFile {
  filename: string;
  bytes: Buffer;
}

/** The merge-field values for one person (see template.ts MERGE_FIELDS). */
export function mergeValuesFor(person: StaffWithVenue, brandId: string): MergeValues {
  return {
    forename: person.forename,
    surname: person.surname,
    full_name: `${person.forename} ${person.surname}`,
    known_as: person.knownAs ?? person.forename,
    email_address: person.emailAddress,
    position: person.position ?? '',
    venue: person.venueName ?? '',
    start_date: person.startDate ? dayjs(person.startDate).format('DD/MM/YYYY') : '',
    today: dayjs(todayInUk()).format('DD/MM/YYYY'),
    company: getBrand(person.venueBrand ?? brandId).name,
  };
}

/**
 * The document to store from a template: sanitised merged HTML, or a vetted PDF file.
 * @throws AppError BAD_REQUEST for another type, an empty template or unknown merge fields.
 */
async function prepareDocument(opts: {
  services: Services;
  person: StaffWithVenue;
  template: TemplateFile;
  kind: DocumentKind;
  title?: string;
}) {
  const { services, person, template } = opts;
  const ext = path.extname(template.filename).toLowerCase();
  // A file name ("contract.pdf") tells a member nothing: without a title or a heading, the kind and date.
  const issuedOn = new Date().toLocaleDateString('en-GB', {
    timeZone: 'Europe/London',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
  });
  const fallbackTitle = `${opts.kind === 'contract' ? 'Contract' : 'Agreement'} of ${issuedOn}`;
  if (ext === '.pdf') {
    const vetted = await vetUpload(template.bytes, ['application/pdf']);
    const file = await storeFile({
      services,
      ownerStaffId: person.id,
      bucket: 'documents',
      filename: template.filename,
      contentType: vetted.contentType,
      bytes: vetted.bytes,
    });
    return { html: null, sourceFileId: file.id, documentSha256: file.sha256, title: opts.title ?? fallbackTitle };
  }
  if (ext === '.html' || ext === '.htm') {
    const source = template.bytes.toString('utf8');
    const { mergeTemplate, sanitizeTemplateHtml, templateTitle } = await loadTemplate();
    const html = sanitizeTemplateHtml(mergeTemplate(source, mergeValuesFor(person, services.config.brand)));
    if (!html.replace(/<[^>]*>/g, '').trim()) throw new AppError('BAD_REQUEST', 'The template has no text to show.');
    return {
      html,
      sourceFileId: null,
      documentSha256: sha256Hex(html),
      title: opts.title ?? templateTitle(source) ?? fallbackTitle,
    };
  }
  throw new AppError('BAD_REQUEST', 'A template must be an .html or a .pdf file.');
}

/**
 * What `template` would show `staffId` (docs/product.md#console-documents): the merged, sanitised HTML and
 * the title, nothing stored; null `html` for a PDF, which is sent as it is.
 * @throws AppError BAD_REQUEST for an unknown person, a template with no text, or another file type.
 */
export async function previewDocument(opts: {
  services: Services;
  kind: DocumentKind;
  staffId: string;
  template: TemplateFile;
  title?: string;
}): Promise<{ title: string; html: string | null }> {
  const person = await findStaffWithVenue(opts.services.db, { id: opts.staffId });
  if (!person) throw new AppError('BAD_REQUEST', 'That person was not found.');
  if (path.extname(opts.template.filename).toLowerCase() === '.pdf') {
    await vetUpload(opts.template.bytes, ['application/pdf']);
    return { title: opts.title ?? `${opts.kind === 'contract' ? 'Contract' : 'Agreement'} (PDF)`, html: null };
  }
  const prepared = await prepareDocument({ ...opts, person });
  return { title: prepared.title, html: prepared.html };
}

/**
 * Creates a document for a staff member. With `link` it gets its own link token, emailed to them;
 * without, it is the contract signed inside onboarding (reached by the onboarding token).
 * @returns the row and, with `link`, the address to open and, when the mail could not be sent yet, why
 * (the document stands and the mail stays queued: HR can also pass the link on).
 * @throws AppError NOT_FOUND for an unknown member; BAD_REQUEST or TEMPLATE_DETAILS_MISSING for a bad template.
 */
export async function issueDocument(opts: {
  services: Services;
  kind: DocumentKind;
  staffId: string;
  template: TemplateFile;
  title?: string;
  actor: string;
  link: boolean;
  /** The stored template it came from (docs/product.md#document-templates), named in the audit entry. */
  templateId?: string;
}): Promise<{ row: DocumentRow; link?: string; mailError?: DeliveryProblem }> {
  const { services, kind } = opts;
  const { db, config } = services;
  const person = await findStaffWithVenue(db, { id: opts.staffId });
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  const prepared = await prepareDocument({ services, person, template: opts.template, kind, title: opts.title });
  const token = opts.link ? newLinkToken(config.linkTokenDays) : undefined;
  const link = token ? `${config.publicUrl}/${kind}/${token.token}` : undefined;
  const brand = getBrand(person.venueBrand ?? config.brand);
  const t = serverTranslator(person.language);
  const { row, mail } = await db.transaction(async (tx) => {
    const [inserted] = await tx
      .insert(documents)
      .values({
        kind,
        staffId: person.id,
        title: prepared.title,
        html: prepared.html,
        sourceFileId: prepared.sourceFileId,
        documentSha256: prepared.documentSha256,
        tokenHash: token?.tokenHash ?? null,
        expiresAt: token?.expiresAt ?? null,
        issuedBy: opts.actor,
      })
      .returning();
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: `${kind}.issued`,
      details: {
        document_id: inserted!.id,
        title: prepared.title,
        document_sha256: prepared.documentSha256,
        own_link: opts.link,
        ...(opts.templateId ? { template_id: opts.templateId } : {}),
      },
    });
    if (!token) return { row: inserted!, mail: undefined };
    const queued = await services.deliveries.enqueue(tx, {
      purpose: `${kind}-link`,
      staffId: person.id,
      mail: {
        to: person.emailAddress,
        subject: t('documentLink.subject', { kind, title: prepared.title }),
        text: [
          t('mail.hi', { name: person.knownAs ?? person.forename }),
          '',
          t('documentLink.text', { brand: brand.name, kind, title: prepared.title, link: link! }),
          '',
          ...linkMailFooter(token.expiresAt, person.language),
        ].join('\n'),
      },
    });
    await tx.update(documents).set({ linkDeliveryId: queued }).where(eq(documents.id, inserted!.id));
    return { row: { ...inserted!, linkDeliveryId: queued }, mail: queued };
  });
  if (!mail) return { row };
  return { row, link, mailError: await whyNotDelivered(services.deliveries, mail) };
}

/**
 * The document a link token opens. @throws AppError NOT_FOUND for an unknown or expired link, and for a
 * leaver's, answered alike (docs/product.md#leavers).
 */
export async function findDocumentByToken(opts: {
  services: Services;
  kind: DocumentKind;
  token: string;
}): Promise<DocumentRow> {
  const [found] = await opts.services.db
    .select({ row: documents, accessEndsAt: staff.accessEndsAt })
    .from(documents)
    .innerJoin(staff, eq(staff.id, documents.staffId))
    .where(and(eq(documents.tokenHash, hashToken(opts.token)), eq(documents.kind, opts.kind)))
    .limit(1);
  if (!found || isExpired(found.row.expiresAt) || isLeaver(found.accessEndsAt)) throw linkNotValid();
  return found.row;
}

/**
 * Records the first time the signer opened `row` (its link, the onboarding contract step or My
 * Documents): time, address and browser, for the signing certificate's history. Later opens change
 * nothing; the condition on `first_opened_at` keeps the first of two at once.
 */
export async function recordFirstOpen(opts: {
  services: Services;
  row: DocumentRow;
  ip: string;
  userAgent: string;
}): Promise<void> {
  if (opts.row.firstOpenedAt || opts.row.signedAt) return;
  await opts.services.db
    .update(documents)
    .set({ firstOpenedAt: new Date(), firstOpenedIp: opts.ip, firstOpenedUserAgent: opts.userAgent.slice(0, 512) })
    .where(and(eq(documents.id, opts.row.id), isNull(documents.firstOpenedAt)));
}

/** The document a link token opens, its first opening recorded (recordFirstOpen). @throws as findDocumentByToken. */
export async function openDocumentByToken(opts: {
  services: Services;
  kind: DocumentKind;
  token: string;
  ip: string;
  userAgent: string;
}): Promise<DocumentRow> {
  const row = await findDocumentByToken(opts);
  await recordFirstOpen({ ...opts, row });
  return row;
}

/**
 * Notes, in `tx`, the delivery that carries an unsigned document's link: the onboarding invitation,
 * sent again with a new link, for the contract signed inside onboarding.
 */
export async function noteLinkDelivery(
  tx: Pick<Services['db'], 'update'>,
  opts: { documentId: string; deliveryId: string },
): Promise<void> {
  await tx
    .update(documents)
    .set({ linkDeliveryId: opts.deliveryId })
    .where(and(eq(documents.id, opts.documentId), isNull(documents.signedAt)));
}

/** A document by id. @throws AppError NOT_FOUND. */
export async function findDocument(opts: { services: Services; id: string }): Promise<DocumentRow> {
  const [row] = await opts.services.db.select().from(documents).where(eq(documents.id, opts.id)).limit(1);
  if (!row) throw new AppError('NOT_FOUND', 'That document does not exist.');
  return row;
}

/** docs/product.md#documents: Contract. `rendered` only with `include=rendered` (docs/product.md#documents). */
export const toContract = (row: DocumentRow, includeRendered = true): Contract => ({
  title: row.title,
  file: row.sourceFileId ? { id: row.sourceFileId } : null,
  rendered: includeRendered ? row.html : null,
  status: { complete: row.signedAt !== null },
  date_accepted: row.signedAt?.toISOString() ?? null,
});

/** docs/product.md#documents: Agreement: `date_signed` is false until signed (docs/product.md#documents). */
export const toAgreement = (row: DocumentRow, includeRendered = true): Agreement => ({
  title: row.title,
  pdf: row.sourceFileId ? { id: row.sourceFileId } : null,
  template: includeRendered ? row.html : null,
  status: { complete: row.signedAt !== null },
  date_signed: row.signedAt?.toISOString() ?? false,
});

/** Logs the characters a drawn PDF had no glyph for (code points only: names stay out of the log). */
const logMissingGlyphs = (services: Services, documentId: string) => (codePoints: string[]) =>
  services.log?.warn(
    { documentId, codePoints },
    'PDF text has characters no embedded font has: drawn as the replacement character',
  );

/** The PDF of the document as issued: the uploaded PDF, or the HTML laid out as a PDF (in a drawing thread). */
async function originalPdf(services: Services, row: DocumentRow): Promise<Uint8Array> {
  if (row.sourceFileId) return (await readFile({ services, id: row.sourceFileId })).bytes;
  const drawn = await drawing.draw({ kind: 'html', source: htmlSourceOf(row) });
  if (drawn.missingGlyphs.length) logMissingGlyphs(services, row.id)(drawn.missingGlyphs);
  return drawn.pdf;
}

/** An HTML document's text, title and date, as the drawing thread lays them out. */
const htmlSourceOf = (row: DocumentRow) => ({ html: row.html ?? '', title: row.title, createdAt: row.createdAt });

/**
 * The group's certificate authority as PEM, for HR to add to their PDF readers' trust
 * (docs/product.md#set-up): generated on the embedded default if it is not yet.
 */
export async function signingAuthorityCertificate(opts: { services: Services }): Promise<string> {
  return (await loadSigningCertificates()).signingAuthorityPem(opts.services);
}

/**
 * Gets the seal's signer ready (generating the embedded default's authority and certificate on a
 * new database), so the first signature does not wait for key generation.
 * @throws Error for a PKCS#12 file that does not open.
 */
export async function prepareSeal(opts: { services: Services }): Promise<void> {
  const { services } = opts;
  if (!services.config.seal.pkcs12) {
    // A restart finds its certificate made: its packages then wait for the first signature.
    const [made] = await services.db
      .select({ id: signingCertificates.id })
      .from(signingCertificates)
      .where(eq(signingCertificates.source, 'generated'))
      .limit(1);
    if (made) return;
  }
  await (await loadSigningCertificates()).sealSigner(services);
}

/** The PDF to show or download: the signed one once signed, else the original. */
export async function documentPdf(opts: { services: Services; row: DocumentRow }): Promise<Uint8Array> {
  if (opts.row.signedFileId) return (await readFile({ services: opts.services, id: opts.row.signedFileId })).bytes;
  return originalPdf(opts.services, opts.row);
}

/**
 * Signs a document: keeps the signature image and the evidence, and makes the signed PDF.
 * Race-safe: the row is only updated while still unsigned, and a lost race (or any failure after
 * the files were stored) removes the files it made.
 * @throws AppError BAD_REQUEST for a bad or blank signature, CONFLICT when already signed.
 */
export async function signDocument(opts: {
  services: Services;
  row: DocumentRow;
  signatureData: string;
  ip: string;
  userAgent: string;
  actor: string;
}): Promise<DocumentRow> {
  const { services, row } = opts;
  const alreadySigned = () => new AppError('CONFLICT', `This ${row.kind} has already been signed.`);
  if (row.signedAt) throw alreadySigned();
  const signaturePng = await parseSignature(opts.signatureData);
  const person = await findStaffWithVenue(services.db, { id: row.staffId });
  if (!person) throw new AppError('NOT_FOUND', 'That document does not exist.');
  const signedAt = new Date();
  const userAgent = opts.userAgent.slice(0, 512);
  const made: string[] = [];
  try {
    const signature = await storeFile({
      services,
      ownerStaffId: row.staffId,
      bucket: 'signatures',
      filename: 'signature.png',
      contentType: 'image/png',
      bytes: signaturePng,
    });
    made.push(signature.id);
    const [{ fillSealRoom, stampSeal }, signer] = await Promise.all([
      loadSeal(),
      loadSigningCertificates().then((m) => m.sealSigner(services)),
    ]);
    const signerName = `${person.forename} ${person.surname}`;
    const history = await gatherDocumentHistory({ services, row, signing: { signedAt, ip: opts.ip, userAgent } });
    // The drawing (layout, footer, certificate page, the room for the seal and its signed CMS) is done
    // in a worker thread; the trusted time, a network call, is added here.
    const drawn = await drawing.draw({
      kind: 'signed',
      original: row.sourceFileId
        ? { pdf: (await readFile({ services, id: row.sourceFileId })).bytes }
        : htmlSourceOf(row),
      evidence: {
        documentId: row.id,
        title: row.title,
        kind: row.kind,
        signerName,
        signerEmail: person.emailAddress,
        signedAt,
        ip: opts.ip,
        userAgent,
        documentSha256: row.documentSha256,
        hashedWhat: hashedWhat(row),
        signaturePng,
        history: historyLines(history),
      },
      seal: {
        reason: `${row.kind === 'contract' ? 'Contract' : 'Agreement'} signed electronically with Staffroom`,
        key: signer.key,
      },
    });
    if (drawn.missingGlyphs.length) logMissingGlyphs(services, row.id)(drawn.missingGlyphs);
    if (!drawn.room || !drawn.signed) throw new Error('The drawing thread answered a signed PDF without its seal');
    const tsa = services.config.seal.tsa;
    const { cms, timestamp } = tsa
      ? await stampSeal(drawn.signed, tsa)
      : { cms: drawn.signed.cms, timestamp: { outcome: 'not-configured' } as SealTimestamp };
    const signedPdf = fillSealRoom({ pdf: drawn.pdf, ...drawn.room }, cms);
    if (timestamp.outcome === 'none') {
      services.log?.warn(
        { documentId: row.id, authority: timestamp.authority, reason: timestamp.reason },
        'signed PDF sealed without a trusted time',
      );
    }
    const signedFile = await storeFile({
      services,
      ownerStaffId: row.staffId,
      bucket: 'signed',
      filename: `${row.title} (signed).pdf`,
      contentType: 'application/pdf',
      bytes: signedPdf,
    });
    made.push(signedFile.id);
    return await services.db.transaction(async (tx) => {
      const [updated] = await tx
        .update(documents)
        .set({
          signedAt,
          signatureFileId: signature.id,
          signedFileId: signedFile.id,
          signerIp: opts.ip,
          signerUserAgent: userAgent,
          sealCertificateId: signer.certificateId,
          sealTimestampAuthority: timestamp.outcome === 'not-configured' ? null : timestamp.authority,
          sealTimestampAt: timestamp.outcome === 'stamped' ? timestamp.time : null,
        })
        .where(and(eq(documents.id, row.id), isNull(documents.signedAt)))
        .returning();
      if (!updated) throw alreadySigned();
      await audit(tx, {
        staffId: row.staffId,
        actor: opts.actor,
        action: `${row.kind}.signed`,
        ip: opts.ip,
        details: {
          document_id: row.id,
          title: row.title,
          document_sha256: row.documentSha256,
          signed_file_id: signedFile.id,
          signed_pdf_sha256: signedFile.sha256,
          user_agent: userAgent,
          seal_certificate_sha256: signer.certificateSha256,
          trusted_time: sealTimestampEvidence(timestamp),
        },
      });
      return updated;
    });
  } catch (err) {
    await deleteFiles({ services, ids: made });
    throw err;
  }
}

/** The audit's words for the seal's trusted time: the authority's time, or why there is none. */
function sealTimestampEvidence(timestamp: SealTimestamp): Record<string, string> {
  if (timestamp.outcome === 'stamped') {
    return { authority: timestamp.authority, time: timestamp.time.toISOString() };
  }
  if (timestamp.outcome === 'none') return { authority: timestamp.authority, missing: timestamp.reason };
  return { missing: 'no time-stamping authority is configured' };
}

/** `POST` sign on a document's own link (docs/product.md#documents). @throws as findDocumentByToken and signDocument. */
export async function signDocumentByToken(opts: {
  services: Services;
  kind: DocumentKind;
  token: string;
  signatureData: string;
  ip: string;
  userAgent: string;
}): Promise<DocumentRow> {
  const row = await findDocumentByToken(opts);
  return signDocument({ ...opts, row, actor: `staff:${row.staffId}` });
}

/** The PDF a document's own link serves, with its file title. @throws as findDocumentByToken. */
export async function documentPdfByToken(opts: {
  services: Services;
  kind: DocumentKind;
  token: string;
}): Promise<{ bytes: Uint8Array; title: string }> {
  return titledDocumentPdf({ services: opts.services, row: await findDocumentByToken(opts) });
}

/** A document's PDF (the signed one once signed) with the title its file is named by. */
export async function titledDocumentPdf(opts: {
  services: Services;
  row: DocumentRow;
}): Promise<{ bytes: Uint8Array; title: string }> {
  const { row } = opts;
  return {
    bytes: await documentPdf(opts),
    title: row.signedAt ? `${row.title} (signed)` : row.title,
  };
}

/**
 * `POST /verify` (docs/product.md#verify): whether an uploaded PDF is sealed by this Staffroom and
 * unchanged since. The bytes are checked in memory and never stored.
 * @throws AppError BAD_REQUEST for no data URL or no PDF, TOO_LARGE past 20 MB.
 */
export async function verifyDocument(opts: { services: Services; fileData: string }): Promise<VerifyResult> {
  const bytes = decodeDataUrl(opts.fileData, MAX_VERIFY_PDF_BYTES);
  if (bytes.subarray(0, 1024).indexOf('%PDF-') < 0) {
    throw new AppError('BAD_REQUEST', 'That is not a PDF file.', [{ field: 'file_data', error: 'is not a PDF' }]);
  }
  return (await loadVerify()).verifyPdf({ services: opts.services, bytes });
}
