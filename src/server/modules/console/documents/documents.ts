/**
 * The console's documents (docs/product.md#console-documents): a contract or agreement issued from one
 * template (uploaded with the call, or stored: docs/product.md#document-templates) to one or many people
 * the caller may see, each with their own emailed link, and a preview of what the template shows one
 * person; on the same service as `contract issue` / `agreement issue` (HTML sanitised, merge values
 * escaped). Then the list of what was issued within the scope, and each one's PDF (signed, with its
 * certificate page, once signed).
 */
import { and, count, desc, eq, gt, ilike, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import type {
  ConsoleDocument,
  DocumentPreview,
  DocumentsAnswer,
  DocumentsQuery,
} from '@shared/api/console/documents.js';
import { documentsQuerySchema } from '@shared/api/console/documents.js';
import type { Db } from '@server/db/client.js';
import { documents, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { isUuid } from '@server/lib/ids.js';
import {
  documentPdf,
  issueDocument,
  previewDocument,
  templateFileOf,
  type StoredTemplateRow,
  type TemplateFile,
} from '@server/modules/documents/index.js';
import { decodeDataUrl } from '@server/modules/files/index.js';
import { containing, personContaining } from '@server/modules/console/shared/person-search.js';
import type { Services } from '@server/services.js';
import {
  consoleDocumentPdfPath,
  previewStoredTemplate,
  scopedPeople,
  usableTemplate,
  type TemplateKind,
} from '@server/modules/console/shared/documents.js';
import { keptCounts } from '@server/modules/console/shared/row-counts.js';
import { withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';

type Kind = TemplateKind;
type ConsoleFile = { filename: string; file_data: string };
/** The template a call names: an uploaded file or a stored template's id (the contract checks it is one of them). */
export type TemplateChoice = { template?: ConsoleFile; template_id?: string };

/** The answer for a document outside the scope, the same as for an unknown id. */
export const DOCUMENT_NOT_FOUND = 'That document was not found.';

/** The file to merge and its default title, from a stored template or the uploaded file. */
async function templateOf(
  services: Services,
  kind: Kind,
  choice: TemplateChoice,
): Promise<{ file: TemplateFile; title?: string; row?: StoredTemplateRow }> {
  if (choice.template_id) {
    const row = await usableTemplate({ services, id: choice.template_id, kind });
    return { ...(await templateFileOf({ services, row })), row };
  }
  if (!choice.template)
    throw new AppError('BAD_REQUEST', 'Choose a stored template or upload a file: one of the two.', [
      { field: 'template_id', error: 'Choose a template' },
    ]);
  return { file: { filename: choice.template.filename, bytes: decodeDataUrl(choice.template.file_data) } };
}

/** What the template (uploaded or stored) would show one person in scope, nothing stored. */
export async function previewConsoleDocument(opts: {
  services: Services;
  scope: ConsoleScope;
  kind: Kind;
  staffId: string;
  choice: TemplateChoice;
  title?: string;
}): Promise<DocumentPreview> {
  const { services, scope } = opts;
  if (opts.choice.template_id) {
    const row = await usableTemplate({ services, id: opts.choice.template_id, kind: opts.kind });
    return previewStoredTemplate({ services, scope, row, staffId: opts.staffId, title: opts.title });
  }
  const [person] = await scopedPeople(services.db, scope, [opts.staffId]);
  const { file } = await templateOf(services, opts.kind, opts.choice);
  const preview = await previewDocument({
    services,
    kind: opts.kind,
    staffId: person!.id,
    template: file,
    title: opts.title || undefined,
  });
  return { ...preview, pdf_uri: null };
}

/**
 * Issues the template to each person (all in scope, checked before anything is sent), each with their
 * own link by email; audited per person as `<kind>.issued`, with the stored template's id when there is
 * one. A template refused for one person (a merge field they lack) stops before the next.
 */
export async function issueConsoleDocuments(opts: {
  services: Services;
  scope: ConsoleScope;
  kind: Kind;
  staffIds: string[];
  choice: TemplateChoice;
  title?: string;
}) {
  const { services, scope } = opts;
  const people = await scopedPeople(services.db, scope, [...new Set(opts.staffIds)]);
  const { file, title, row } = await templateOf(services, opts.kind, opts.choice);
  const issued = [];
  for (const person of people) {
    const result = await issueDocument({
      services,
      kind: opts.kind,
      staffId: person.id,
      template: file,
      title: opts.title || title,
      actor: `staff:${scope.actorId}`,
      link: true,
      templateId: row?.id,
    });
    issued.push({
      staff_id: person.id,
      document_id: result.row.id,
      link: result.link!,
      mail_problem: result.mailError
        ? { reason: result.mailError.reason, will_retry: result.mailError.willRetry }
        : null,
    });
  }
  return issued;
}

/**
 * The documents `where` allows whose person's name, preferred name or email, or whose title, contains
 * `text`, each with its issue time (the list's order): two searches, each answered by trigram indexes,
 * joined by UNION, where one OR across the two tables could use neither
 * (docs/decisions/0050-console-at-scale.md).
 */
const searchedDocuments = (db: Db, text: string, where: SQL | undefined) => {
  const matching = (condition: SQL) =>
    db
      .select({ id: documents.id, createdAt: documents.createdAt })
      .from(documents)
      .innerJoin(staff, eq(staff.id, documents.staffId))
      .where(and(where, condition));
  return union(matching(personContaining(text)), matching(ilike(documents.title, containing(text)))).as('matches');
};

/**
 * The list's total: for HR, all documents or the signed ones unsearched, the kept count
 * (shared/row-counts.ts); otherwise a count of what `where` (or the search's `matches`) matches.
 */
async function documentsTotal(opts: {
  db: Db;
  scope: ConsoleScope;
  query: DocumentsQuery;
  where: SQL | undefined;
  matches: ReturnType<typeof searchedDocuments> | undefined;
}) {
  const { db, scope, query, where, matches } = opts;
  const kept = !query.search && scope.venueIds === null && (query.status === undefined || query.status === 'signed');
  if (kept) {
    const key = query.status === 'signed' ? 'documents:signed' : 'documents';
    return (await keptCounts(db, [key])).get(key) ?? 0;
  }
  const [row] = matches
    ? await db.select({ n: count() }).from(matches)
    : await db.select({ n: count() }).from(documents).innerJoin(staff, eq(staff.id, documents.staffId)).where(where);
  return row?.n ?? 0;
}

/**
 * One page of the documents issued to people in the scope, newest first: `unsigned` (its link still
 * works, or the onboarding contract not yet signed), `signed`, or `expired` (unsigned, its link past its
 * date); searched over the person's name and email and the title. A searched page is chosen from the
 * matches alone, then its 25 are joined to their person and venue (a name matching a hundred people
 * joined all their documents before sorting), and counted along. @throws AppError BAD_REQUEST for a query outside the contract.
 */
export async function listConsoleDocuments(opts: {
  db: Db;
  scope: ConsoleScope;
  query: DocumentsQuery;
  now?: Date;
}): Promise<DocumentsAnswer> {
  const query = documentsQuerySchema.parse(opts.query);
  const now = opts.now ?? new Date();
  const conditions: (SQL | undefined)[] = [];
  if (query.status === 'signed') conditions.push(isNotNull(documents.signedAt));
  if (query.status === 'unsigned')
    conditions.push(isNull(documents.signedAt), or(isNull(documents.expiresAt), gt(documents.expiresAt, now)));
  if (query.status === 'expired') conditions.push(isNull(documents.signedAt), lte(documents.expiresAt, now));
  const where = withinScope(opts.scope, and(...conditions));
  const matches = query.search ? searchedDocuments(opts.db, query.search, where) : undefined;
  const offset = (query.page - 1) * query.per_page;
  const listed = <T extends SQL.Aliased | SQL>(matched: T) =>
    opts.db
      .select({ doc: documents, forename: staff.forename, surname: staff.surname, venue: venues.name, matched })
      .from(documents)
      .innerJoin(staff, eq(staff.id, documents.staffId))
      .leftJoin(venues, eq(venues.id, staff.venueId))
      .$dynamic();
  let page;
  if (matches) {
    // Every match is in hand before the page's sort and limit, so a window counts them in the same
    // statement rather than a second one searching again.
    const chosen = opts.db
      .select({ id: matches.id, matched: sql<string>`count(*) over ()`.as('matched') })
      .from(matches)
      .orderBy(desc(matches.createdAt), desc(matches.id))
      .limit(query.per_page)
      .offset(offset)
      .as('page');
    page = listed(chosen.matched)
      .innerJoin(chosen, eq(chosen.id, documents.id))
      .orderBy(desc(documents.createdAt), desc(documents.id));
  } else {
    page = listed(sql<null>`null`)
      .where(where)
      .orderBy(desc(documents.createdAt), desc(documents.id))
      .limit(query.per_page)
      .offset(offset);
  }
  const [rows, totalApart] = await Promise.all([
    page,
    matches ? undefined : documentsTotal({ db: opts.db, scope: opts.scope, query, where, matches }),
  ]);
  // Past the last page no row carries the count; an empty first page has none to count.
  const matched = rows[0]?.matched;
  const total =
    totalApart ??
    (matched != null
      ? Number(matched)
      : query.page === 1
        ? 0
        : await documentsTotal({ db: opts.db, scope: opts.scope, query, where, matches }));
  const data: ConsoleDocument[] = rows.map(({ doc, forename, surname, venue }) => {
    const status = doc.signedAt ? 'signed' : doc.expiresAt && doc.expiresAt <= now ? 'expired' : 'unsigned';
    return {
      id: doc.id,
      kind: doc.kind,
      title: doc.title,
      status,
      person: { id: doc.staffId, name: `${forename} ${surname}`, venue },
      issued_at: doc.createdAt.toISOString(),
      signed_at: doc.signedAt?.toISOString() ?? null,
      expires_at: doc.expiresAt?.toISOString() ?? null,
      signed_pdf: doc.signedFileId ? consoleDocumentPdfPath(doc.id) : null,
    };
  });
  return { data, meta: { page: query.page, per_page: query.per_page, total } };
}

/**
 * A document's PDF for the console, the same file its own link serves (`documentPdf`): once signed, the
 * signed PDF with the certificate page (who signed, when, from where, the SHA-256 of what was shown).
 * @throws AppError NOT_FOUND for an unknown id or a document of someone outside the scope.
 */
export async function consoleDocumentPdf(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
}): Promise<{ bytes: Uint8Array; title: string }> {
  const [row] = isUuid(opts.id)
    ? await opts.services.db
        .select({ doc: documents })
        .from(documents)
        .innerJoin(staff, eq(staff.id, documents.staffId))
        .where(withinScope(opts.scope, eq(documents.id, opts.id)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', DOCUMENT_NOT_FOUND);
  return {
    bytes: await documentPdf({ services: opts.services, row: row.doc }),
    title: row.doc.signedAt ? `${row.doc.title} (signed)` : row.doc.title,
  };
}
