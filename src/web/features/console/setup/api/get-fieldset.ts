import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleFieldsetDetail } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';
import { FIELDSETS_QUERY_KEY } from '@web/features/console/shared/api/get-fieldsets';

/**
 * GET /admin/fieldsets/:fieldsetId (any console role, docs/product.md#set-up): one fieldset's field
 * definitions, to preview the details form as a joiner sees it; 404 'That fieldset was not found.'
 */
export async function getFieldset(id: string): Promise<ConsoleFieldsetDetail> {
  const response = await api.get<{ data: ConsoleFieldsetDetail }>(`/admin/fieldsets/${encodeURIComponent(id)}`);
  return response.data.data;
}

/** Query options of one fieldset (under the list's key, so an import refreshes it too). */
export function fieldsetQueryOptions(id: string) {
  return queryOptions({ queryKey: [...FIELDSETS_QUERY_KEY, id], queryFn: () => getFieldset(id) });
}

/** One fieldset, fetched while `id` is set. */
export function useFieldset(id: string | null) {
  return useQuery({ ...fieldsetQueryOptions(id ?? ''), enabled: id !== null });
}
