import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { PEOPLE_QUERY_KEY } from '@web/features/console/shared/api/get-people';

/** The body of POST /admin/people (optional fields left out when empty). */
export interface AddPersonInput {
  forename: string;
  surname: string;
  email: string;
  venue_id: string;
  position?: string;
  start_date?: string;
}

/**
 * POST /admin/people (docs/product.md#people): adds someone who signs in through the group's provider,
 * without onboarding, as `create-staff` does; answers their page, 400 with `errors.fields`
 * ('Choose one of your venues.' under `venue_id`), 409 for an email someone already has.
 */
export async function addPerson(body: AddPersonInput): Promise<Person> {
  const response = await api.post<{ data: Person }>('/admin/people', body);
  return response.data.data;
}

/** Adds a person and refreshes the people lists. */
export function useAddPerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'add-person'],
    mutationFn: addPerson,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY }),
  });
}
