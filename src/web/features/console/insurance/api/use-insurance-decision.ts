import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { INSURANCE_QUEUE_QUERY_KEY } from './get-insurance-queue';

/** The document a decision is about: the vehicle, and the document as the queue showed it. */
export interface DecisionTarget {
  vehicle_id: string;
  document_id: string;
}

/** What the server answers a decision: the vehicle and the decision recorded. */
export interface DecisionAnswer {
  vehicle_id: string;
  decision: 'approved' | 'rejected';
}

/**
 * A decision on a document of the insurance queue (docs/product.md#insurance-queue). The decided one
 * leaves the queue at once, so it cannot be clicked again while the queue reloads; the queue is then
 * asked for again, after a refusal too: a 409 means the member sent a new document, which it then shows.
 */
export function useInsuranceDecision<TVariables extends DecisionTarget>(
  name: string,
  decide: (variables: TVariables) => Promise<DecisionAnswer>,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'insurance', name],
    mutationFn: decide,
    onSuccess: (_answer, { vehicle_id, document_id }) => {
      queryClient.setQueryData<PendingInsurance[]>(INSURANCE_QUEUE_QUERY_KEY, (queue) =>
        queue?.filter((item) => !(item.vehicle_id === vehicle_id && item.document.id === document_id)),
      );
    },
    // Not awaited: the mutation settles (and the page says so) without waiting for the queue.
    onSettled: () => void queryClient.invalidateQueries({ queryKey: INSURANCE_QUEUE_QUERY_KEY }),
  });
}
