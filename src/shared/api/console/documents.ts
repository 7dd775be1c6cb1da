/**
 * The console's documents (docs/product.md#console-documents): one template issued to one or many
 * people, a preview of what it shows one person, and the list of what was issued.
 */
import { z } from 'zod';
import { consoleFileSchema } from './shared.js';

/** A body naming its template once: an uploaded file or a stored template's id, not both, not neither. */
const oneTemplate = (body: { template?: unknown; template_id?: unknown }) =>
  (body.template === undefined) !== (body.template_id === undefined);
const ONE_TEMPLATE = { message: 'Choose a stored template or upload a file: one of the two.', path: ['template_id'] };

/** `POST /admin/documents` (docs/product.md#console-documents): one template to one or many people. */
export const issueDocumentsBodySchema = z
  .object({
    kind: z.enum(['contract', 'agreement']),
    staff_ids: z.array(z.uuid()).min(1, 'Choose at least one person').max(200),
    /** An uploaded template, or `template_id`, a stored one (docs/product.md#document-templates): exactly one. */
    template: consoleFileSchema.optional(),
    template_id: z.uuid().optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine(oneTemplate, ONE_TEMPLATE);
export type IssueDocumentsBody = z.input<typeof issueDocumentsBodySchema>;
export const issueDocumentsAnswerSchema = z.object({
  data: z.array(
    z.object({
      staff_id: z.string(),
      document_id: z.string(),
      link: z.string(),
      mail_problem: z.object({ reason: z.string(), will_retry: z.boolean() }).nullable(),
    }),
  ),
});
/** `POST /admin/documents/preview`: what the template (uploaded, or stored by `template_id`) would show one person. */
export const previewDocumentBodySchema = z
  .object({
    kind: z.enum(['contract', 'agreement']),
    staff_id: z.uuid(),
    template: consoleFileSchema.optional(),
    template_id: z.uuid().optional(),
    title: z.string().trim().max(200).optional(),
  })
  .refine(oneTemplate, ONE_TEMPLATE);
export type PreviewDocumentBody = z.input<typeof previewDocumentBodySchema>;
/**
 * A preview: the merged, sanitised HTML exactly as the person will see it, or for a PDF `html` null and,
 * for a stored one, `pdf_uri`, a signed inline address (5 minutes) of the PDF sent as it is.
 */
export const previewDocumentAnswerSchema = z.object({
  data: z.object({ title: z.string(), html: z.string().nullable(), pdf_uri: z.string().nullable() }),
});
export type DocumentPreview = z.infer<typeof previewDocumentAnswerSchema>['data'];

/** Where an issued document stands (docs/product.md#console-documents). */
export const DOCUMENT_STATUSES = ['unsigned', 'signed', 'expired'] as const;
export type DocumentStatus = (typeof DOCUMENT_STATUSES)[number];
/** `GET /admin/documents`: issued documents within the scope, newest first, filtered, searched and paged. */
export const documentsQuerySchema = z.object({
  status: z.enum(DOCUMENT_STATUSES).optional(),
  /** Over the person's name and email and the document's title. */
  search: z.string().trim().max(100).optional(),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  per_page: z.coerce.number().int().min(1).max(100).default(25),
});
export type DocumentsQuery = z.input<typeof documentsQuerySchema>;
export const consoleDocumentSchema = z.object({
  id: z.string(),
  kind: z.enum(['contract', 'agreement']),
  title: z.string(),
  status: z.enum(DOCUMENT_STATUSES),
  person: z.object({ id: z.string(), name: z.string(), venue: z.string().nullable() }),
  issued_at: z.string(),
  signed_at: z.string().nullable(),
  /** When its own link stops working; null for the contract signed inside onboarding. */
  expires_at: z.string().nullable(),
  /** For a signed one, the address of the signed PDF with its certificate page (the evidence); else null. */
  signed_pdf: z.string().nullable(),
});
export type ConsoleDocument = z.infer<typeof consoleDocumentSchema>;
export const documentsAnswerSchema = z.object({
  data: z.array(consoleDocumentSchema),
  meta: z.object({ page: z.number(), per_page: z.number(), total: z.number() }),
});
export type DocumentsAnswer = z.infer<typeof documentsAnswerSchema>;
export const documentParamsSchema = z.object({ documentId: z.string().max(64) });

const ukDate = z.iso.date('Give a date as YYYY-MM-DD');
/**
 * `GET /admin/documents.zip?venue_id&from&to` (docs/product.md#signed-documents-as-a-zip): every document
 * signed by the venue's people on the UK days `from` to `to`, both included.
 */
export const documentsZipQuerySchema = z
  .object({ venue_id: z.uuid('Choose a venue'), from: ukDate, to: ukDate })
  .refine((q) => q.from <= q.to, { message: 'The last day cannot be before the first.', path: ['to'] });
/** `GET /admin/people/<id>/documents.zip`: every document the person signed. */
export const personDocumentsZipParamsSchema = z.object({ id: z.uuid('That person was not found.') });
