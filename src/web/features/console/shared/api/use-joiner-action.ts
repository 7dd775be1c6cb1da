import { useMutation, useQueryClient } from '@tanstack/react-query';
import { JOINERS_QUERY_KEY } from './get-joiners';
import { PEOPLE_QUERY_KEY } from './get-people';

/**
 * An action on a joiner's link (docs/product.md#joiners): the board is refreshed once it is done,
 * refused too, since a refusal (409: they finished meanwhile) means the board is out of date. The
 * people lists and a person's page show the onboarding stage, so they are refreshed as well.
 */
export function useJoinerAction<TAnswer>(name: string, action: (variables: { id: string }) => Promise<TAnswer>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'joiner', name],
    mutationFn: action,
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: JOINERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'person'] });
    },
  });
}
