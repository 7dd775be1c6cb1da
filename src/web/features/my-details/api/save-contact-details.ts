import type { ContactDetailsBody, StaffMember } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';
import { useStaffSave } from './use-staff-save';

/**
 * POST /staff/self-service/contact-details: answers the refreshed staff member (`data.data`), a
 * 400 with per-field errors, or a 402 when the session needs a second factor first (docs/product.md#my-details).
 */
export async function saveContactDetails(body: ContactDetailsBody): Promise<StaffMember> {
  const response = await api.post<{ data: StaffMember }>('/staff/self-service/contact-details', body);
  return response.data.data;
}

/** Saves Email & Contact and refreshes the cached staff member. */
export function useSaveContactDetails() {
  return useStaffSave('contact-details', saveContactDetails);
}
