import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentTemplate } from '@shared/api/console/templates.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/templates[?archived=true] (docs/product.md#document-templates): the stored contract and
 * agreement templates, `{ id, name, kind, type: 'html' | 'pdf', filename, created_by, created_at,
 * archived_at }`, by kind then name; HR may ask for the archived ones too.
 */
export async function getTemplates(archived = false): Promise<DocumentTemplate[]> {
  const response = await api.get<{ data: DocumentTemplate[] }>(
    '/admin/templates',
    archived ? { params: { archived: 'true' } } : {},
  );
  return response.data.data;
}

/** Every templates list; an upload or an archive refreshes them all. */
export const TEMPLATES_QUERY_KEY = ['admin', 'templates'] as const;

/** Query options of the templates list (the archived ones too with `archived`). */
export function templatesQueryOptions(archived = false) {
  return queryOptions({ queryKey: [...TEMPLATES_QUERY_KEY, { archived }], queryFn: () => getTemplates(archived) });
}

/** The stored templates (loading, error and data states of the query). */
export function useTemplates(archived = false) {
  return useQuery(templatesQueryOptions(archived));
}
