import { useMutation } from '@tanstack/react-query';
import type { DocumentPreview } from '@shared/api/console/documents.js';
import { api } from '@web/lib/api-client';

/**
 * POST /admin/templates/:id/preview `{ staff_id }` (docs/product.md#document-templates): the stored
 * template as that person will see it, `{ title, html, pdf_uri }`: the merged, sanitised HTML, or for a
 * PDF `html` null and `pdf_uri` a signed inline address (5 minutes). 404 for a person outside the
 * console's scope; 400 when they lack a detail the template needs (its words say which).
 */
export async function previewTemplate({
  templateId,
  staffId,
}: {
  templateId: string;
  staffId: string;
}): Promise<DocumentPreview> {
  const response = await api.post<{ data: DocumentPreview }>(
    `/admin/templates/${encodeURIComponent(templateId)}/preview`,
    { staff_id: staffId },
  );
  return response.data.data;
}

/** Previews a stored template for one person (nothing is stored). */
export function usePreviewTemplate() {
  return useMutation({ mutationKey: ['admin', 'preview-template'], mutationFn: previewTemplate });
}
