import type { PeopleListQuery, PeopleSort, PeopleStatus } from '@web/features/console/shared/api/get-people';

/** People a page of the list (docs/product.md#people: 25 a page). */
export const PEOPLE_PER_PAGE = 25;

/** The columns the server sorts on, in the order the phone's "Sort by" lists them. */
export const PEOPLE_SORTS: ReadonlyArray<{ value: PeopleSort; label: string }> = [
  { value: 'name', label: 'Name' },
  { value: 'venue', label: 'Venue' },
  { value: 'position', label: 'Position' },
  { value: 'start_date', label: 'Start date' },
];

const SORTS = new Set<string>(PEOPLE_SORTS.map(({ value }) => value));

/** The list's filter by leaving (docs/product.md#leavers), as the filter offers it; '' is everyone. */
export const PEOPLE_STATUSES: ReadonlyArray<{ value: PeopleStatus | ''; label: string }> = [
  { value: '', label: 'Everyone' },
  { value: 'current', label: 'Current' },
  { value: 'leaving', label: 'Leaving' },
  { value: 'left', label: 'Left' },
];
const STATUSES = new Set<string>(['current', 'leaving', 'left']);

/**
 * The list's query from the address (`?search=ava&page=2&sort=venue&direction=desc&status=left`), so that a
 * reload, a shared link or Back from a person's page finds the list as it was. Anything missing or
 * unknown falls back to the server's defaults: page 1, by name, ascending.
 */
export function peopleQueryFromParams(params: URLSearchParams): PeopleListQuery {
  const page = Number(params.get('page'));
  const sort = params.get('sort') ?? '';
  const status = params.get('status') ?? '';
  return {
    page: Number.isInteger(page) && page >= 1 ? page : 1,
    per_page: PEOPLE_PER_PAGE,
    search: (params.get('search') ?? '').trim(),
    sort: SORTS.has(sort) ? (sort as PeopleSort) : 'name',
    direction: params.get('direction') === 'desc' ? 'desc' : 'asc',
    ...(STATUSES.has(status) ? { status: status as PeopleStatus } : {}),
  };
}

/** The address's query for `query`, leaving out what is the default, so the plain list stays `/admin/people`. */
export function peopleParamsFromQuery(query: PeopleListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  if (query.sort !== 'name') params.set('sort', query.sort);
  if (query.direction !== 'asc') params.set('direction', query.direction);
  if (query.status) params.set('status', query.status);
  return params;
}

export type { PeopleSort };
