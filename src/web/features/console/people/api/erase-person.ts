import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ErasureDone } from '@shared/api/console/people.js';
import { PEOPLE_QUERY_KEY } from '@web/features/console/shared/api/get-people';
import { api } from '@web/lib/api-client';
import { personQueryKey } from './get-person';
import { personErasureQueryKey } from './get-person-erasure';

/**
 * POST /admin/people/:id/erasure (HR, docs/product.md#erasure-on-request): erases now every kind of a
 * leaver's data the law does not keep. A session without a recent second factor is answered 402: the
 * two-factor dialog opens and the call goes again by itself once it is passed (lib/api-client.ts).
 * Answers the kinds erased (none on a second call) and what is kept (null once the record itself went).
 */
export async function erasePerson({ id }: { id: string }): Promise<ErasureDone> {
  const response = await api.post<{ data: ErasureDone }>(`/admin/people/${encodeURIComponent(id)}/erasure`);
  return response.data.data;
}

/** Erases a leaver's data; refreshes their page, their plan and the lists. */
export function useErasePerson() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'erase-person'],
    mutationFn: erasePerson,
    onSuccess: (done, { id }) => {
      if (done.plan) {
        queryClient.setQueryData(personErasureQueryKey(id), done.plan);
        void queryClient.invalidateQueries({ queryKey: personQueryKey(id) });
      } else {
        // Nothing of them is kept: their page is gone too.
        queryClient.removeQueries({ queryKey: personErasureQueryKey(id) });
        queryClient.removeQueries({ queryKey: personQueryKey(id) });
      }
      void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY });
    },
  });
}
