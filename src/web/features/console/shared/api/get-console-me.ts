import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/me: the signed-in person's console role (`hr` or `manager`) and the venues they may see
 * (every venue for HR), docs/product.md#console. Anyone without a console role is answered 403
 * 'You do not have access to the HR console.'
 */
export async function getConsoleMe(): Promise<ConsoleMe> {
  const response = await api.get<{ data: ConsoleMe }>('/admin/me');
  return response.data.data;
}

export const CONSOLE_ME_QUERY_KEY = ['admin', 'me'] as const;

/** Query options of the console role; fresh for a minute, like the staff member, so every console page shares one call. */
export function consoleMeQueryOptions() {
  return queryOptions({ queryKey: CONSOLE_ME_QUERY_KEY, queryFn: getConsoleMe, staleTime: 60_000 });
}

/** The signed-in person's console role and venues (loading, error and data states of the query). */
export function useConsoleMe() {
  return useQuery(consoleMeQueryOptions());
}
