/**
 * Stored contract and agreement templates (docs/product.md#document-templates): HR uploads an HTML
 * template (its merge fields checked against MERGE_FIELDS, kept as uploaded and sanitised at every
 * merge, exactly as an uploaded template is) or a PDF (checked to be one, kept in the file storage and
 * sent as it is), lists them, and archives them. Issuing from one goes through `issueDocument` with the
 * template's file, so a stored template and the same file uploaded give the same document.
 */
import path from 'node:path';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { documentTemplates, staff } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { isUniqueViolation, isUuid } from '@server/lib/ids.js';
import { lazy } from '@server/lib/on-demand.js';
import { sha256Hex } from '@server/lib/tokens.js';
import type { Services } from '@server/services.js';
import { deleteFiles, readFile, storeFile, vetUpload } from '@server/modules/files/index.js';
import type { DocumentKind, TemplateFile } from './service.js';

// sanitize-html and htmlparser2 load when a template is first saved or titled, not at start-up.
const loadTemplate = lazy(() => import('./template.js'));

export type StoredTemplateRow = typeof documentTemplates.$inferSelect;
/** A stored template with the name of who uploaded it. */
export type StoredTemplate = StoredTemplateRow & { createdByName: string | null };

export const TEMPLATE_NOT_FOUND = 'That template was not found.';

const MERGE_FIELD = /\{\{\s*([A-Za-z0-9_]+)\s*\}\}/g;

/** Whether a template file is HTML or PDF by its name. @throws AppError BAD_REQUEST for anything else. */
function typeOf(filename: string): 'html' | 'pdf' {
  const ext = path.extname(filename).toLowerCase();
  if (ext === '.pdf') return 'pdf';
  if (ext === '.html' || ext === '.htm') return 'html';
  throw new AppError('BAD_REQUEST', 'A template must be an .html or a .pdf file.', [
    { field: 'template', error: 'must be an .html or a .pdf file' },
  ]);
}

/**
 * The HTML of an uploaded template, checked: UTF-8 text, only known merge fields, and some text left
 * once sanitised. @throws AppError BAD_REQUEST naming what is wrong.
 */
async function checkedHtml(bytes: Buffer): Promise<string> {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      'The template is not a text file in UTF-8. Save it as HTML (UTF-8) and upload it again.',
      [{ field: 'template', error: 'is not UTF-8 text' }],
    );
  }
  if (source.includes('\u0000'))
    throw new AppError('BAD_REQUEST', 'The template is not an HTML file.', [
      { field: 'template', error: 'is not an HTML file' },
    ]);
  const { MERGE_FIELDS, sanitizeTemplateHtml } = await loadTemplate();
  const known = new Set<string>(MERGE_FIELDS);
  const unknown = [...new Set([...source.matchAll(MERGE_FIELD)].map((match) => match[1]!))].filter(
    (name) => !known.has(name),
  );
  if (unknown.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The template uses merge fields that do not exist: ${unknown.map((n) => `{{${n}}}`).join(', ')}. Known fields: ${MERGE_FIELDS.map((n) => `{{${n}}}`).join(', ')}.`,
      [{ field: 'template', error: 'uses merge fields that do not exist' }],
    );
  }
  if (
    !sanitizeTemplateHtml(source)
      .replace(/<[^>]*>/g, '')
      .trim()
  ) {
    throw new AppError('BAD_REQUEST', 'The template has no text to show.', [
      { field: 'template', error: 'has no text to show' },
    ]);
  }
  return source;
}

/**
 * Saves a template HR uploaded, audited as `document_template.uploaded`.
 * @throws AppError BAD_REQUEST (type, merge fields, no text, unreadable PDF), UNSUPPORTED_MEDIA_TYPE (a
 *   `.pdf` that is not one), CONFLICT (an active template of the kind has the name).
 */
export async function saveTemplate(opts: {
  services: Services;
  name: string;
  kind: DocumentKind;
  file: TemplateFile;
  createdBy: string;
  actor: string;
  ip?: string;
}): Promise<StoredTemplateRow> {
  const { services } = opts;
  const type = typeOf(opts.file.filename);
  let html: string | null = null;
  let fileId: string | null = null;
  let sha256: string;
  if (type === 'html') {
    html = await checkedHtml(opts.file.bytes);
    sha256 = sha256Hex(html);
  } else {
    const vetted = await vetUpload(opts.file.bytes, ['application/pdf']);
    const stored = await storeFile({
      services,
      ownerStaffId: null,
      bucket: 'templates',
      filename: opts.file.filename,
      contentType: vetted.contentType,
      bytes: vetted.bytes,
    });
    fileId = stored.id;
    sha256 = stored.sha256;
  }
  try {
    return await services.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(documentTemplates)
        .values({
          name: opts.name,
          kind: opts.kind,
          filename: path.basename(opts.file.filename.replace(/\\/g, '/')).slice(0, 200),
          html,
          fileId,
          createdBy: opts.createdBy,
        })
        .returning();
      await audit(tx, {
        staffId: null,
        actor: opts.actor,
        action: 'document_template.uploaded',
        ip: opts.ip,
        details: { template_id: row!.id, name: opts.name, kind: opts.kind, type, sha256 },
      });
      return row!;
    });
  } catch (err) {
    if (fileId) await deleteFiles({ services, ids: [fileId] });
    if (isUniqueViolation(err)) {
      throw new AppError(
        'CONFLICT',
        `There is already ${opts.kind === 'contract' ? 'a contract' : 'an agreement'} template called "${opts.name}".`,
        [{ field: 'name', error: 'Another template has this name' }],
      );
    }
    throw err;
  }
}

/** Stored templates by kind, then name; archived ones only with `archived`. */
export async function listTemplates(opts: { services: Services; archived?: boolean }): Promise<StoredTemplate[]> {
  const rows = await opts.services.db
    .select({ template: documentTemplates, forename: staff.forename, surname: staff.surname })
    .from(documentTemplates)
    .leftJoin(staff, eq(staff.id, documentTemplates.createdBy))
    .where(opts.archived ? undefined : isNull(documentTemplates.archivedAt))
    .orderBy(asc(documentTemplates.kind), asc(documentTemplates.name), asc(documentTemplates.id));
  return rows.map((row) => ({
    ...row.template,
    createdByName: row.forename === null ? null : `${row.forename} ${row.surname}`,
  }));
}

/** A stored template by id. @throws AppError NOT_FOUND (also for a malformed id). */
export async function findTemplate(opts: { services: Services; id: string }): Promise<StoredTemplateRow> {
  const [row] = isUuid(opts.id)
    ? await opts.services.db.select().from(documentTemplates).where(eq(documentTemplates.id, opts.id)).limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', TEMPLATE_NOT_FOUND);
  return row;
}

/**
 * The file of a stored template to issue or preview, and the title a document from it gets unless one
 * is given: an HTML template's `<title>` or first heading, else the template's name.
 */
export async function templateFileOf(opts: {
  services: Services;
  row: StoredTemplateRow;
}): Promise<{ file: TemplateFile; title: string }> {
  const { row } = opts;
  if (row.fileId) {
    const { bytes } = await readFile({ services: opts.services, id: row.fileId });
    return { file: { filename: row.filename, bytes }, title: row.name };
  }
  const html = row.html ?? '';
  const { templateTitle } = await loadTemplate();
  return { file: { filename: row.filename, bytes: Buffer.from(html, 'utf8') }, title: templateTitle(html) ?? row.name };
}

/**
 * Archives a template (no longer offered; documents issued from it keep their own copy), audited as
 * `document_template.archived`; archiving one already archived changes nothing. @throws AppError NOT_FOUND.
 */
export async function archiveTemplate(opts: {
  services: Services;
  id: string;
  actor: string;
  ip?: string;
}): Promise<StoredTemplateRow> {
  const row = await findTemplate(opts);
  if (row.archivedAt) return row;
  return opts.services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(documentTemplates)
      .set({ archivedAt: new Date() })
      .where(and(eq(documentTemplates.id, row.id), isNull(documentTemplates.archivedAt)))
      .returning();
    if (!updated) return row;
    await audit(tx, {
      staffId: null,
      actor: opts.actor,
      action: 'document_template.archived',
      ip: opts.ip,
      details: { template_id: row.id, name: row.name, kind: row.kind },
    });
    return updated;
  });
}
