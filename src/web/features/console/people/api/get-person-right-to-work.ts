import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PersonRightToWork } from '@shared/api/console/right-to-work.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/people/:id/right-to-work (docs/product.md#right-to-work-records): the person's checks,
 * newest first (the current one marked), the copies a check may rest on, each with a short-lived
 * address to open it, and whether the caller may record (HR). 404 for a person the console may not see.
 */
export async function getPersonRightToWork(id: string): Promise<PersonRightToWork> {
  const response = await api.get<{ data: PersonRightToWork }>(`/admin/people/${encodeURIComponent(id)}/right-to-work`);
  return response.data.data;
}

/** Query key of one person's right-to-work record. */
export function personRightToWorkQueryKey(id: string) {
  return ['admin', 'person-right-to-work', id] as const;
}

/** Query options of one person's right-to-work record. */
export function personRightToWorkQueryOptions(id: string) {
  return queryOptions({ queryKey: personRightToWorkQueryKey(id), queryFn: () => getPersonRightToWork(id) });
}

/** One person's right-to-work record (loading, error and data states of the query). */
export function usePersonRightToWork(id: string) {
  return useQuery(personRightToWorkQueryOptions(id));
}
