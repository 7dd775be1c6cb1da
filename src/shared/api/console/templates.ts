/** The console's stored contract and agreement templates (docs/product.md#document-templates). */
import { z } from 'zod';
import { consoleFileSchema } from './shared.js';

/** A stored contract or agreement template (docs/product.md#document-templates). */
export const documentTemplateSchema = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.enum(['contract', 'agreement']),
  /** `html`: merge fields filled in for each person; `pdf`: sent as it is. */
  type: z.enum(['html', 'pdf']),
  filename: z.string(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  archived_at: z.string().nullable(),
});
export type DocumentTemplate = z.infer<typeof documentTemplateSchema>;
/** `GET /admin/templates?archived=true` adds the archived ones (HR). */
export const templatesQuerySchema = z.object({ archived: z.enum(['true', 'false']).default('false') });
export const templatesAnswerSchema = z.object({ data: z.array(documentTemplateSchema) });
export const templateAnswerSchema = z.object({ data: documentTemplateSchema });
export const templateParamsSchema = z.object({ templateId: z.string().max(64) });
/** `POST /admin/templates` (HR): a name, the kind, and the `.html` or `.pdf` file. */
export const uploadTemplateBodySchema = z.object({
  name: z.string().trim().min(1, 'Enter a name for the template').max(100),
  kind: z.enum(['contract', 'agreement']),
  template: consoleFileSchema,
});
export type UploadTemplateBody = z.input<typeof uploadTemplateBodySchema>;
/** `POST /admin/templates/:templateId/preview`: the template as the chosen person will see it. */
export const previewTemplateBodySchema = z.object({ staff_id: z.uuid('Choose a person') });
