/**
 * What more than one console screen needs of documents (docs/product.md#console-documents,
 * #document-templates): the people a document may go to, a stored template that may be issued, what it
 * shows one person, and where a document's PDF is.
 */
import { inArray } from 'drizzle-orm';
import type { DocumentPreview } from '@shared/api/console/documents.js';
import { staff } from '@server/db/schema.js';
import type { Db } from '@server/db/client.js';
import { AppError } from '@server/errors.js';
import {
  findTemplate,
  previewDocument,
  templateFileOf,
  type StoredTemplateRow,
} from '@server/modules/documents/index.js';
import { signedFileUrl } from '@server/modules/files/index.js';
import type { Services } from '@server/services.js';
import { PERSON_NOT_FOUND, withinScope, type ConsoleScope } from './scope.js';

/** The kinds of document the console issues. */
export type TemplateKind = 'contract' | 'agreement';
type Kind = TemplateKind;

/** The people among `ids` the scope may see. @throws AppError NOT_FOUND when any is not one of them. */
export async function scopedPeople(db: Db, scope: ConsoleScope, ids: string[]): Promise<{ id: string }[]> {
  const rows = await db
    .select({ id: staff.id })
    .from(staff)
    .where(withinScope(scope, inArray(staff.id, ids)));
  if (rows.length !== new Set(ids).size) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  return rows;
}

/**
 * A stored template of `kind` that may be issued: active and of that kind.
 * @throws AppError BAD_REQUEST (a field error on `template_id`) otherwise, the same for an unknown id.
 */
export async function usableTemplate(opts: { services: Services; id: string; kind: Kind }): Promise<StoredTemplateRow> {
  const refuse = () =>
    new AppError('BAD_REQUEST', `Choose one of the ${opts.kind} templates.`, [
      { field: 'template_id', error: `Choose one of the ${opts.kind} templates` },
    ]);
  const row = await findTemplate({ services: opts.services, id: opts.id }).catch((err: unknown) => {
    throw err instanceof AppError && err.code === 'NOT_FOUND' ? refuse() : err;
  });
  if (row.archivedAt || row.kind !== opts.kind) throw refuse();
  return row;
}

/**
 * What a stored template shows one person in scope: the merged, sanitised HTML, or for a PDF its signed
 * inline address. @throws AppError NOT_FOUND for a person outside the scope; as previewDocument.
 */
export async function previewStoredTemplate(opts: {
  services: Services;
  scope: ConsoleScope;
  row: StoredTemplateRow;
  staffId: string;
  title?: string;
}): Promise<DocumentPreview> {
  const { services, row } = opts;
  const [person] = await scopedPeople(services.db, opts.scope, [opts.staffId]);
  const { file, title } = await templateFileOf({ services, row });
  const preview = await previewDocument({
    services,
    kind: row.kind,
    staffId: person!.id,
    template: file,
    title: opts.title || title,
  });
  return {
    ...preview,
    pdf_uri: row.fileId ? signedFileUrl({ services, fileId: row.fileId, disposition: 'inline' }) : null,
  };
}

/** The address of a document's PDF in the console (signed with its certificate page once signed). */
export const consoleDocumentPdfPath = (id: string) => `/api/admin/documents/${id}/pdf`;
