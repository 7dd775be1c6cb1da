import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { DocumentTemplate } from '@shared/api/console/templates.js';
import { api } from '@web/lib/api-client';
import { TEMPLATES_QUERY_KEY } from '@web/features/console/shared/api/get-templates';

/**
 * POST /admin/templates/:id/archive (HR; docs/product.md#document-templates): the template is no longer
 * offered; documents issued from it keep their own copy. 404 'That template was not found.'
 */
export async function archiveTemplate(id: string): Promise<DocumentTemplate> {
  const response = await api.post<{ data: DocumentTemplate }>(`/admin/templates/${encodeURIComponent(id)}/archive`);
  return response.data.data;
}

/** Archives a template, then refreshes the templates lists. */
export function useArchiveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'archive-template'],
    mutationFn: archiveTemplate,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: TEMPLATES_QUERY_KEY }),
  });
}
