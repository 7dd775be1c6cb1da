import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ErasurePlan } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/people/:id/erasure (HR, docs/product.md#erasure-on-request): for a leaver, each kind of their
 * personal data, kept (until which UK day and why) or erased by an erasure now, and when their data was
 * last erased on request. 409 for someone who has not left, 403 'Only HR can do that.'
 */
export async function getPersonErasure(id: string): Promise<ErasurePlan> {
  const response = await api.get<{ data: ErasurePlan }>(`/admin/people/${encodeURIComponent(id)}/erasure`);
  return response.data.data;
}

/** Query key of one leaver's erasure plan. */
export function personErasureQueryKey(id: string) {
  return ['admin', 'person-erasure', id] as const;
}

/** Query options of one leaver's erasure plan. */
export function personErasureQueryOptions(id: string) {
  return queryOptions({ queryKey: personErasureQueryKey(id), queryFn: () => getPersonErasure(id) });
}

/** One leaver's erasure plan (loading, error and data states of the query); only fetched when `enabled`. */
export function usePersonErasure(id: string, enabled = true) {
  return useQuery({ ...personErasureQueryOptions(id), enabled });
}
