import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsolePosition } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/positions (any console role, docs/product.md#set-up): every position, the active ones
 * first by name, then the archived; the invite and add-person forms offer the active ones.
 */
export async function getPositions(): Promise<ConsolePosition[]> {
  const response = await api.get<{ data: ConsolePosition[] }>('/admin/positions');
  return response.data.data;
}

export const POSITIONS_QUERY_KEY = ['admin', 'positions'] as const;

/** Query options of the positions; they change seldom, so a minute fresh. */
export function positionsQueryOptions() {
  return queryOptions({ queryKey: POSITIONS_QUERY_KEY, queryFn: getPositions, staleTime: 60_000 });
}

/** The positions (loading, error and data states of the query). */
export function usePositions() {
  return useQuery(positionsQueryOptions());
}
