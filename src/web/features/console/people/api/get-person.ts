import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/people/:id (docs/product.md#people): a person's details (bank details masked), documents,
 * vehicles and audit history. 404 'That person was not found.' for an id the console may not see.
 */
export async function getPerson(id: string): Promise<Person> {
  const response = await api.get<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}`);
  return response.data.data;
}

/** Query key of one person; the actions on them replace this entry with the person they answer. */
export function personQueryKey(id: string) {
  return ['admin', 'person', id] as const;
}

/** Query options of one person. */
export function personQueryOptions(id: string) {
  return queryOptions({ queryKey: personQueryKey(id), queryFn: () => getPerson(id) });
}

/** One person (loading, error and data states of the query). */
export function usePerson(id: string) {
  return useQuery(personQueryOptions(id));
}
