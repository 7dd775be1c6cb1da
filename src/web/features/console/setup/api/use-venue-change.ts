import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CONSOLE_ME_QUERY_KEY } from '@web/features/console/shared/api/get-console-me';
import { VENUES_QUERY_KEY } from '@web/features/console/shared/api/get-venues';

/**
 * A change to venues or their till keys (docs/product.md#set-up), refreshing the venues list and the
 * console role's venues (the venue choices of the invite and add-person forms) once it succeeds.
 */
export function useVenueChange<Input, Output>(name: string, change: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'venues', name],
    mutationFn: change,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: VENUES_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: CONSOLE_ME_QUERY_KEY });
    },
  });
}
