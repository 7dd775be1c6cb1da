/**
 * The console's documents (docs/product.md#console-documents): a contract or agreement issued from one
 * template to one or many people the caller may see, each with their own emailed link, and a preview
 * of what the template shows one person; on the same service as `contract issue` / `agreement issue`
 * (HTML sanitised, merge values escaped).
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { staff } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { issueDocument, previewDocument } from '@server/modules/documents/index.js';
import { decodeDataUrl } from '@server/modules/files/index.js';
import type { Services } from '@server/services.js';
import { PERSON_NOT_FOUND, withinScope, type ConsoleScope } from './scope.js';

type Kind = 'contract' | 'agreement';
type ConsoleFile = { filename: string; file_data: string };

const templateOf = (file: ConsoleFile) => ({ filename: file.filename, bytes: decodeDataUrl(file.file_data) });

/** The people among `ids` the scope may see. @throws AppError NOT_FOUND when any is not one of them. */
async function peopleInScope(db: Db, scope: ConsoleScope, ids: string[]): Promise<{ id: string; email: string }[]> {
  const rows = await db.select({ id: staff.id, email: staff.emailAddress }).from(staff).where(withinScope(scope, inArray(staff.id, ids)));
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  return rows;
}

/** What the template would show one person in scope, nothing stored. */
export async function previewConsoleDocument(opts: { services: Services; scope: ConsoleScope; kind: Kind; staffId: string; template: ConsoleFile; title?: string }) {
  const [person] = await peopleInScope(opts.services.db, opts.scope, [opts.staffId]);
  return previewDocument({ services: opts.services, kind: opts.kind, staffId: person!.id, template: templateOf(opts.template), title: opts.title || undefined });
}

/**
 * Issues the template to each person (all in scope, checked before anything is sent), each with their
 * own link by email. A template refused for one person (a merge field they lack) stops before the next.
 */
export async function issueConsoleDocuments(opts: { services: Services; scope: ConsoleScope; kind: Kind; staffIds: string[]; template: ConsoleFile; title?: string }) {
  const { services, scope } = opts;
  const people = await peopleInScope(services.db, scope, [...new Set(opts.staffIds)]);
  const template = templateOf(opts.template);
  const issued = [];
  for (const person of people) {
    const result = await issueDocument({ services, kind: opts.kind, staffEmail: person.email, template, title: opts.title || undefined, actor: `staff:${scope.actorId}`, link: true });
    issued.push({
      staff_id: person.id,
      document_id: result.row.id,
      link: result.link!,
      mail_problem: result.mailError ? { reason: result.mailError.reason, will_retry: result.mailError.willRetry } : null,
    });
  }
  return issued;
}
