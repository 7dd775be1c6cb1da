import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { PeopleAnswer, PeopleQuery } from '@shared/api/console/people.js';
import { api, type Params } from '@web/lib/api-client';

/** A column the people list sorts on, on the server (docs/product.md#people). */
export type PeopleSort = NonNullable<PeopleQuery['sort']>;
export type SortDirection = NonNullable<PeopleQuery['direction']>;
/** The list's filter by leaving (docs/product.md#leavers): current, leaving or left; absent for everyone. */
export type PeopleStatus = NonNullable<PeopleQuery['status']>;

/** One page of the people list as the console asks for it: every parameter given, `page` from 1. */
export interface PeopleListQuery {
  page: number;
  per_page: number;
  /** Name or email; empty for everyone. */
  search: string;
  sort: PeopleSort;
  direction: SortDirection;
  /** Only people current, leaving or left; everyone when absent. */
  status?: PeopleStatus;
  /** The page before's `meta.next`, to read this page on from it rather than by offset. */
  after?: string;
}

/**
 * GET /admin/people?page=&per_page=&search=&sort=&direction=&status=&after= (docs/product.md#people): one page of the
 * people the console may see, `{ data: rows, meta: { page, per_page, total, next } }`. An empty search is
 * left out rather than sent as `search=`.
 */
export async function getPeople(query: PeopleListQuery): Promise<PeopleAnswer> {
  const params: Params = { page: query.page, per_page: query.per_page, sort: query.sort, direction: query.direction };
  if (query.search) params.search = query.search;
  if (query.status) params.status = query.status;
  if (query.after) params.after = query.after;
  const response = await api.get<PeopleAnswer>('/admin/people', { params });
  return response.data;
}

/** Every people list; an action on a person refreshes them all, whatever page or search they hold. */
export const PEOPLE_QUERY_KEY = ['admin', 'people'] as const;

/**
 * Query options of one page of the list. The page shown stays while the next one loads
 * (`keepPreviousData`), so paging or typing does not blank the table.
 */
export function peopleQueryOptions(query: PeopleListQuery) {
  return queryOptions({
    queryKey: [...PEOPLE_QUERY_KEY, query],
    queryFn: () => getPeople(query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the people list (loading, error and data states of the query). */
export function usePeople(query: PeopleListQuery) {
  return useQuery(peopleQueryOptions(query));
}
