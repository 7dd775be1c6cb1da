import { api } from '@web/lib/api-client';
import { useInsuranceDecision, type DecisionAnswer, type DecisionTarget } from './use-insurance-decision';

/**
 * POST /admin/insurance/:vehicleId/reject `{ document_id, reason }` (docs/product.md#insurance-queue):
 * rejects the document shown with the reason the member sees under the vehicle (1-300 characters;
 * 400 'Say why, so the member can fix it.' for a blank one). 409 when the member replaced the
 * document meanwhile; 404 outside the console's scope.
 */
export async function rejectInsurance({
  vehicle_id,
  document_id,
  reason,
}: DecisionTarget & { reason: string }): Promise<DecisionAnswer> {
  const response = await api.post<{ data: DecisionAnswer }>(
    `/admin/insurance/${encodeURIComponent(vehicle_id)}/reject`,
    { document_id, reason },
  );
  return response.data.data;
}

/** Rejects a document of the queue with a reason and refreshes the queue. */
export function useRejectInsurance() {
  return useInsuranceDecision('reject', rejectInsurance);
}
