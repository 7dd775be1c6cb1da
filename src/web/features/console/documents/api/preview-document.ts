import { useMutation } from '@tanstack/react-query';
import type { DocumentPreview, PreviewDocumentBody } from '@shared/api/console/documents.js';
import { api } from '@web/lib/api-client';

/**
 * POST /admin/documents/preview `{ kind, staff_id, template_id }` or `{ kind, staff_id, template: { filename,
 * file_data } }`, `title?` (docs/product.md#console-documents): what the template would show that person,
 * `{ title, html, pdf_uri }` (`html` null for a PDF; `pdf_uri` for a stored one). Nothing is stored.
 */
export async function previewDocument(body: PreviewDocumentBody): Promise<DocumentPreview> {
  const response = await api.post<{ data: DocumentPreview }>('/admin/documents/preview', body);
  return response.data.data;
}

/** Previews a document for one of the chosen people. */
export function usePreviewDocument() {
  return useMutation({ mutationKey: ['admin', 'preview-document'], mutationFn: previewDocument });
}
