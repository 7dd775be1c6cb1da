import { api } from '@web/lib/api-client';
import { useInsuranceDecision, type DecisionAnswer, type DecisionTarget } from './use-insurance-decision';

/**
 * POST /admin/insurance/:vehicleId/approve `{ document_id, cover_ends }` (docs/product.md#insurance-queue):
 * approves the document shown with the last day of its cover (YYYY-MM-DD), recording the console user as
 * `approved_by` ('Morgan Hughes (HR)'). 400 with the field `cover_ends` for a date before today or more
 * than two years ahead; a document the member replaced meanwhile is answered 409 rather than approved
 * unseen; 404 'That vehicle was not found.' outside the console's scope.
 */
export async function approveInsurance({
  vehicle_id,
  document_id,
  cover_ends,
}: DecisionTarget & { cover_ends: string }): Promise<DecisionAnswer> {
  const response = await api.post<{ data: DecisionAnswer }>(
    `/admin/insurance/${encodeURIComponent(vehicle_id)}/approve`,
    { document_id, cover_ends },
  );
  return response.data.data;
}

/** Approves a document of the queue with its cover's end and refreshes the queue. */
export function useApproveInsurance() {
  return useInsuranceDecision('approve', approveInsurance);
}
