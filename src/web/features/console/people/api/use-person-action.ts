import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Person } from '@shared/api/console/people.js';
import { PEOPLE_QUERY_KEY } from '@web/features/console/shared/api/get-people';
import { personQueryKey } from './get-person';

/**
 * An action on a person (docs/product.md#people): every one answers the refreshed person, which
 * replaces the cached one; the lists are refetched too, since training, picture and role show there.
 */
export function usePersonAction<TVariables extends { id: string }>(
  name: string,
  action: (variables: TVariables) => Promise<Person>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', name],
    mutationFn: action,
    onSuccess: (person, { id }) => {
      queryClient.setQueryData(personQueryKey(id), person);
      void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY });
    },
  });
}
