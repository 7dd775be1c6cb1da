/**
 * HR's download of signed documents as one zip (docs/product.md#signed-documents-as-a-zip): a person's,
 * or a venue's signed on the UK days of a period. Each signed PDF (with its certificate page) goes in
 * beside a JSON file of its evidence and history. The zip is written as it is sent: documents are read
 * in keyset batches and one at a time, each PDF streamed from the file storage (a local file or the S3
 * object's body) chunk by chunk as the answer's reader takes it, the next only once the last has gone
 * into the answer, so memory stays flat however many there are and a slow reader slows the reading
 * (decisions 60 and 66).
 */
import { Readable } from 'node:stream';
import { and, asc, count, eq, gt, gte, isNotNull, lt, or, type SQL } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { ZipFile } from 'yazl';
import { documents, files, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { loadYazl } from '@server/lib/on-demand.js';
import { endOfUkDay, startOfUkDay, ukDateOf } from '@server/lib/uk-days.js';
import { gatherDocumentHistory, historyJson, type DocumentRow } from '@server/modules/documents/index.js';
import { openFileStream } from '@server/modules/files/index.js';
import type { Services } from '@server/services.js';
import { scopedPeople } from '@server/modules/console/shared/documents.js';
import type { ConsoleScope } from '@server/modules/console/shared/scope.js';
import { addZipEntry } from '@server/lib/zip-entries.js';

/** Documents read from the database at a time. */
const BATCH = 100;

/** What to put in the zip: one person's signed documents, or a venue's signed in a period (UK days). */
export type ZipSelection = { personId: string } | { venueId: string; from: string; to: string };

const VENUE_NOT_FOUND = 'That venue was not found.';

/** A name safe as one part of a path in a zip on any system. */
export function zipSafeName(text: string, max = 80): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/[\\/:*?"<>|\p{Cc}]+/gu, '_')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
    .slice(0, max)
    .trim();
  return cleaned || 'document';
}

/**
 * Checks the selection against the scope and names it.
 * @throws AppError NOT_FOUND for a person or venue outside the scope, answered as an unknown one.
 */
async function resolveSelection(
  services: Services,
  scope: ConsoleScope,
  selection: ZipSelection,
): Promise<{ where: SQL; filename: string }> {
  const signed = isNotNull(documents.signedAt);
  if ('personId' in selection) {
    await scopedPeople(services.db, scope, [selection.personId]);
    const [person] = await services.db
      .select({ forename: staff.forename, surname: staff.surname })
      .from(staff)
      .where(eq(staff.id, selection.personId));
    return {
      where: and(signed, eq(documents.staffId, selection.personId))!,
      filename: zipSafeName(`Signed documents of ${person!.forename} ${person!.surname}`),
    };
  }
  if (scope.venueIds !== null && !scope.venueIds.includes(selection.venueId)) {
    throw new AppError('NOT_FOUND', VENUE_NOT_FOUND);
  }
  const [venue] = await services.db
    .select({ name: venues.name })
    .from(venues)
    .where(eq(venues.id, selection.venueId))
    .limit(1);
  if (!venue) throw new AppError('NOT_FOUND', VENUE_NOT_FOUND);
  return {
    where: and(
      signed,
      eq(staff.venueId, selection.venueId),
      gte(documents.signedAt, startOfUkDay(selection.from)),
      lt(documents.signedAt, endOfUkDay(selection.to)),
    )!,
    filename: zipSafeName(`Signed documents of ${venue.name} ${selection.from} to ${selection.to}`),
  };
}

interface ZipRow {
  doc: DocumentRow;
  forename: string;
  surname: string;
  email: string;
  signedPdfSha256: string | null;
}

/** The documents of `where` after `after`, oldest signature first, one batch. */
async function nextBatch(services: Services, where: SQL, after: DocumentRow | null): Promise<ZipRow[]> {
  const keyset = after
    ? or(
        gt(documents.signedAt, after.signedAt!),
        and(eq(documents.signedAt, after.signedAt!), gt(documents.id, after.id)),
      )
    : undefined;
  return services.db
    .select({
      doc: documents,
      forename: staff.forename,
      surname: staff.surname,
      email: staff.emailAddress,
      signedPdfSha256: files.sha256,
    })
    .from(documents)
    .innerJoin(staff, eq(staff.id, documents.staffId))
    .leftJoin(files, eq(files.id, documents.signedFileId))
    .where(and(where, keyset))
    .orderBy(asc(documents.signedAt), asc(documents.id))
    .limit(BATCH);
}

/** The evidence file beside a signed PDF: who, what, the fingerprints and the history. */
async function evidenceOf(services: Services, row: ZipRow): Promise<Buffer> {
  const { doc } = row;
  const evidence = {
    document_id: doc.id,
    kind: doc.kind,
    title: doc.title,
    signer: { id: doc.staffId, name: `${row.forename} ${row.surname}`, email: row.email },
    document_sha256: doc.documentSha256,
    signed_pdf_sha256: row.signedPdfSha256,
    history: historyJson(await gatherDocumentHistory({ services, row: doc })),
  };
  return Buffer.from(`${JSON.stringify(evidence, null, 2)}\n`);
}

/** Writes every selected document into `zip`, then ends it. */
async function fillZip(opts: {
  services: Services;
  zip: ZipFile;
  where: SQL;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}): Promise<number> {
  const { services, zip, signal } = opts;
  let after: DocumentRow | null = null;
  let written = 0;
  for (;;) {
    const batch = await nextBatch(services, opts.where, after);
    for (const row of batch) {
      const { doc } = row;
      const mtime = doc.signedAt!;
      const folder = zipSafeName(`${row.surname} ${row.forename} ${doc.staffId.slice(0, 8)}`);
      const base = `${folder}/${zipSafeName(doc.title)} ${ukDateOf(mtime)} ${doc.id.slice(0, 8)}`;
      // Opened before its entry is named, so a file the storage does not have gets a note instead.
      const opened = await openFileStream({ services, id: doc.signedFileId! }).then(
        (file) => file.stream,
        (err: unknown) => err as Error,
      );
      if (opened instanceof Readable) {
        await addZipEntry(zip, `${base} (signed).pdf`, opened, { mtime, compress: false }, signal);
      } else {
        if (signal.aborted) throw opened;
        // A missing file is said in the zip rather than ending the download of every other one.
        opts.log.error({ err: opened, documentId: doc.id }, 'signed PDF could not be read for the zip');
        const note = 'The signed PDF could not be read from the file storage. Ask IT to check it.\n';
        await addZipEntry(
          zip,
          `${base} (signed PDF missing).txt`,
          Readable.from([note]),
          { mtime, compress: true },
          signal,
        );
      }
      const evidence = Readable.from([await evidenceOf(services, row)]);
      await addZipEntry(zip, `${base} evidence.json`, evidence, { mtime, compress: true }, signal);
      written += 1;
    }
    if (batch.length < BATCH) break;
    after = batch.at(-1)!.doc;
  }
  if (written === 0) {
    zip.addBuffer(Buffer.from('No signed documents matched this download.\n'), 'README.txt');
  }
  zip.end();
  return written;
}

/**
 * The zip of the selection as a stream, and its file name; audited as `documents.zip_downloaded` with
 * what was asked and how many documents it holds. `signal` stops the writing when the reader goes.
 * @throws AppError NOT_FOUND for a person or venue outside the scope (before anything is sent).
 */
export async function downloadSignedDocumentsZip(opts: {
  services: Services;
  scope: ConsoleScope;
  selection: ZipSelection;
  ip: string;
  signal: AbortSignal;
  log: FastifyBaseLogger;
}): Promise<{ filename: string; stream: Readable }> {
  const { services, scope, selection } = opts;
  const { where, filename } = await resolveSelection(services, scope, selection);
  const [counted] = await services.db
    .select({ n: count() })
    .from(documents)
    .innerJoin(staff, eq(staff.id, documents.staffId))
    .where(where);
  await audit(services.db, {
    staffId: 'personId' in selection ? selection.personId : null,
    actor: `staff:${scope.actorId}`,
    action: 'documents.zip_downloaded',
    ip: opts.ip,
    details: {
      ...('personId' in selection
        ? { person_id: selection.personId }
        : { venue_id: selection.venueId, from: selection.from, to: selection.to }),
      documents: counted?.n ?? 0,
    },
  });
  const { ZipFile } = await loadYazl();
  const zip = new ZipFile();
  fillZip({ services, zip, where, signal: opts.signal, log: opts.log }).catch((err: unknown) => {
    if (opts.signal.aborted) return;
    opts.log.error({ err }, 'zip of signed documents failed');
    zip.outputStream.destroy(err instanceof Error ? err : new Error(String(err)));
  });
  return { filename: `${filename}.zip`, stream: zip.outputStream };
}
