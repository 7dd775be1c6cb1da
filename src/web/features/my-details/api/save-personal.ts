import type { PersonalBody, StaffMember } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';
import { useStaffSave } from './use-staff-save';

/**
 * POST /staff/self-service/personal: forename and surname go as they are (read-only), the rest as
 * edited; answers the refreshed staff member or a 400 with per-field errors (docs/product.md#my-details).
 */
export async function savePersonal(body: PersonalBody): Promise<StaffMember> {
  const response = await api.post<{ data: StaffMember }>('/staff/self-service/personal', body);
  return response.data.data;
}

/** Saves Personal & Profile and refreshes the cached staff member. */
export function useSavePersonal() {
  return useStaffSave('personal', savePersonal);
}
