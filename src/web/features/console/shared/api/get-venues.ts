import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/venues (docs/product.md#set-up): the venues the console may see (every venue for HR, a
 * manager's own), each with its brand, whether archived, how many people work there and its till keys
 * (id, created, revoked; never the key).
 */
export async function getVenues(): Promise<ConsoleVenue[]> {
  const response = await api.get<{ data: ConsoleVenue[] }>('/admin/venues');
  return response.data.data;
}

/** The venues list; a venue added or changed and a till key made or revoked refresh it. */
export const VENUES_QUERY_KEY = ['admin', 'venues'] as const;

/** Query options of the venues list. */
export function venuesQueryOptions() {
  return queryOptions({ queryKey: VENUES_QUERY_KEY, queryFn: getVenues });
}

/** The venues list (loading, error and data states of the query). */
export function useVenues() {
  return useQuery(venuesQueryOptions());
}
