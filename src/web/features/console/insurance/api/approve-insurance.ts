import { api } from '@web/lib/api-client';
import { useInsuranceDecision, type DecisionAnswer, type DecisionTarget } from './use-insurance-decision';

/**
 * POST /admin/insurance/:vehicleId/approve `{ document_id }` (docs/product.md#insurance-queue): approves
 * the document shown, recording the console user as `approved_by` ('Morgan Hughes (HR)'). A document
 * the member replaced meanwhile is answered 409 rather than approved unseen; 404 'That vehicle was not
 * found.' outside the console's scope.
 */
export async function approveInsurance({ vehicle_id, document_id }: DecisionTarget): Promise<DecisionAnswer> {
  const response = await api.post<{ data: DecisionAnswer }>(
    `/admin/insurance/${encodeURIComponent(vehicle_id)}/approve`,
    { document_id },
  );
  return response.data.data;
}

/** Approves a document of the queue and refreshes the queue. */
export function useApproveInsurance() {
  return useInsuranceDecision('approve', approveInsurance);
}
