import type { ImageBody, StaffMember } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';
import { useStaffSave } from './use-staff-save';

/**
 * POST /staff/self-service/image `{ image_data }` (a JPEG or PNG data URL): answers the refreshed
 * staff member with `selfie.data.uri`; a 403 once a picture exists (docs/product.md#my-details).
 */
export async function saveSelfie(body: ImageBody): Promise<StaffMember> {
  const response = await api.post<{ data: StaffMember }>('/staff/self-service/image', body);
  return response.data.data;
}

/** Saves the profile picture and refreshes the cached staff member. */
export function useSaveSelfie() {
  return useStaffSave('image', saveSelfie);
}
