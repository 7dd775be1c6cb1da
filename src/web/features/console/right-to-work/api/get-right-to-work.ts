import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { RightToWorkListAnswer, RightToWorkList } from '@shared/api/console/right-to-work.js';
import { api } from '@web/lib/api-client';

export interface RightToWorkParams {
  list: RightToWorkList;
  page: number;
  per_page: number;
  direction: 'asc' | 'desc';
}

/**
 * GET /admin/right-to-work (docs/product.md#right-to-work-records): one list of the right-to-work view
 * (`none`, `expiring` within 90 days, `expired`), paged and by date, with the three lists' counts,
 * within the console's venues.
 */
export async function getRightToWork(params: RightToWorkParams): Promise<RightToWorkListAnswer> {
  const query = new URLSearchParams({
    list: params.list,
    page: String(params.page),
    per_page: String(params.per_page),
    direction: params.direction,
  });
  const response = await api.get<RightToWorkListAnswer>(`/admin/right-to-work?${query}`);
  return response.data;
}

/** Query options of one page of a list; the page shown stays while the next loads. */
export function rightToWorkQueryOptions(params: RightToWorkParams) {
  return queryOptions({
    queryKey: ['admin', 'right-to-work', params] as const,
    queryFn: () => getRightToWork(params),
    placeholderData: keepPreviousData,
  });
}

/** One page of a right-to-work list (loading, error and data states of the query). */
export function useRightToWork(params: RightToWorkParams) {
  return useQuery(rightToWorkQueryOptions(params));
}
