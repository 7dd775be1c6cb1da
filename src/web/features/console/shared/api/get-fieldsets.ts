import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleFieldset } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/fieldsets (any console role, docs/product.md#set-up): the onboarding fieldsets, the most
 * recently imported first (the one an invitation without a fieldset gets), each with its field count.
 */
export async function getFieldsets(): Promise<ConsoleFieldset[]> {
  const response = await api.get<{ data: ConsoleFieldset[] }>('/admin/fieldsets');
  return response.data.data;
}

export const FIELDSETS_QUERY_KEY = ['admin', 'fieldsets'] as const;

/** Query options of the fieldsets list. */
export function fieldsetsQueryOptions() {
  return queryOptions({ queryKey: FIELDSETS_QUERY_KEY, queryFn: getFieldsets });
}

/** The fieldsets (loading, error and data states of the query). */
export function useFieldsets() {
  return useQuery(fieldsetsQueryOptions());
}
