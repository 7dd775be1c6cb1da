import type { FinancialsBody, StaffMember } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';
import { useStaffSave } from './use-staff-save';

/**
 * POST /staff/self-service/financials `{ bank_account: '12345678', sort_code: '12-34-56' }`: answers
 * the refreshed staff member (bank details masked), a 400 with per-field errors, or a 402 when the
 * session needs a second factor first (docs/product.md#my-details).
 */
export async function saveFinancials(body: FinancialsBody): Promise<StaffMember> {
  const response = await api.post<{ data: StaffMember }>('/staff/self-service/financials', body);
  return response.data.data;
}

/** Saves Banking and refreshes the cached staff member. */
export function useSaveFinancials() {
  return useStaffSave('financials', saveFinancials);
}
