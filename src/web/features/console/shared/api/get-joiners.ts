import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Joiner } from '@shared/api/console/joiners.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/joiners (docs/product.md#joiners): the joiners the console may see, everyone still
 * onboarding and those who finished in the last 14 days, each with their stage (`details`,
 * `contract`, `password`, `complete`, `expired`), how many whole days they have waited there and
 * when their link stops working.
 */
export async function getJoiners(): Promise<Joiner[]> {
  const response = await api.get<{ data: Joiner[] }>('/admin/joiners');
  return response.data.data;
}

/** The joiners board; an invitation, a link sent again or revoked refreshes it. */
export const JOINERS_QUERY_KEY = ['admin', 'joiners'] as const;

/** Joiners move on their own phones: an open board asks again this often (ms), while the tab is shown. */
const BOARD_REFRESH_MS = 60_000;

/** Query options of the joiners board. */
export function joinersQueryOptions() {
  return queryOptions({ queryKey: JOINERS_QUERY_KEY, queryFn: getJoiners, refetchInterval: BOARD_REFRESH_MS });
}

/** The joiners board (loading, error and data states of the query). */
export function useJoiners() {
  return useQuery(joinersQueryOptions());
}
