import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentTemplate, UploadTemplateBody } from '@shared/api/console/templates.js';
import { api } from '@web/lib/api-client';
import { TEMPLATES_QUERY_KEY } from '@web/features/console/shared/api/get-templates';

/**
 * POST /admin/templates `{ name, kind, template: { filename, file_data } }` (HR; docs/product.md#document-templates):
 * stores an `.html` template (its merge fields checked: 400 naming the unknown ones; 400 'The template
 * has no text to show.') or a `.pdf` (415 when it is not one). 409 for a name another active template
 * of the kind has; 403 'Only HR can do that.' for a manager.
 */
export async function uploadTemplate(body: UploadTemplateBody): Promise<DocumentTemplate> {
  const response = await api.post<{ data: DocumentTemplate }>('/admin/templates', body);
  return response.data.data;
}

/** Uploads a template, then refreshes the templates lists. */
export function useUploadTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'upload-template'],
    mutationFn: uploadTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
}
