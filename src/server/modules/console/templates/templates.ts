/**
 * The console's document templates (docs/product.md#document-templates): HR uploads and archives
 * contract and agreement templates; HR and managers list them (to issue one) and preview one for a
 * person in their scope exactly as that person will see it. Templates are group-wide; the person a
 * preview is for is held to the scope like every console answer.
 */
import { eq } from 'drizzle-orm';
import type { DocumentTemplate } from '@shared/api/console/templates.js';
import type { DocumentPreview } from '@shared/api/console/documents.js';
import { staff } from '@server/db/schema.js';
import {
  archiveTemplate,
  findTemplate,
  listTemplates,
  saveTemplate,
  type StoredTemplate,
  type StoredTemplateRow,
} from '@server/modules/documents/index.js';
import { decodeDataUrl } from '@server/modules/files/index.js';
import type { Services } from '@server/services.js';
import { previewStoredTemplate } from '@server/modules/console/shared/documents.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

type Kind = 'contract' | 'agreement';

const toTemplate = (row: StoredTemplateRow & { createdByName?: string | null }): DocumentTemplate => ({
  id: row.id,
  name: row.name,
  kind: row.kind,
  type: row.fileId ? 'pdf' : 'html',
  filename: row.filename,
  created_by: row.createdByName ?? null,
  created_at: row.createdAt.toISOString(),
  archived_at: row.archivedAt?.toISOString() ?? null,
});

/** HR uploads a template. @throws AppError FORBIDDEN for a manager; as saveTemplate and decodeDataUrl. */
export async function uploadConsoleTemplate(opts: {
  services: Services;
  scope: ConsoleScope;
  name: string;
  kind: Kind;
  template: { filename: string; file_data: string };
  ip: string;
}): Promise<DocumentTemplate> {
  requireHr(opts.scope);
  const bytes = decodeDataUrl(opts.template.file_data);
  const row = await saveTemplate({
    services: opts.services,
    name: opts.name,
    kind: opts.kind,
    file: { filename: opts.template.filename, bytes },
    createdBy: opts.scope.actorId,
    actor: `staff:${opts.scope.actorId}`,
    ip: opts.ip,
  });
  const [me] = await opts.services.db
    .select({ forename: staff.forename, surname: staff.surname })
    .from(staff)
    .where(eq(staff.id, opts.scope.actorId))
    .limit(1);
  return toTemplate({ ...row, createdByName: me ? `${me.forename} ${me.surname}` : null });
}

/** The active templates, for anyone with a console role; HR may ask for the archived ones too. */
export async function listConsoleTemplates(opts: {
  services: Services;
  scope: ConsoleScope;
  archived: boolean;
}): Promise<DocumentTemplate[]> {
  const rows: StoredTemplate[] = await listTemplates({
    services: opts.services,
    archived: opts.archived && opts.scope.role === 'hr',
  });
  return rows.map(toTemplate);
}

/** HR archives a template. @throws AppError FORBIDDEN for a manager, NOT_FOUND. */
export async function archiveConsoleTemplate(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
  ip: string;
}): Promise<DocumentTemplate> {
  requireHr(opts.scope);
  const row = await archiveTemplate({
    services: opts.services,
    id: opts.id,
    actor: `staff:${opts.scope.actorId}`,
    ip: opts.ip,
  });
  return toTemplate(row);
}

/**
 * A stored template as `staffId` (in scope) will see it: the merged, sanitised HTML, or a PDF's signed
 * address. An archived template can still be previewed (HR looking back at what was sent).
 * @throws AppError NOT_FOUND for an unknown template or a person outside the scope; BAD_REQUEST when the
 *   person lacks a detail the template needs.
 */
export async function previewConsoleTemplate(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
  staffId: string;
}): Promise<DocumentPreview> {
  const row = await findTemplate({ services: opts.services, id: opts.id });
  return previewStoredTemplate({ services: opts.services, scope: opts.scope, row, staffId: opts.staffId });
}
