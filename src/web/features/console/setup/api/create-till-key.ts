import { api } from '@web/lib/api-client';
import { useVenueChange } from './use-venue-change';

/** A till key as created: the key itself is in this answer only. */
export interface CreatedTillKey {
  id: string;
  key: string;
  venue: string;
}

/**
 * POST /admin/venues/:venueId/till-keys (HR or that venue's manager, docs/product.md#set-up): makes a
 * till key and answers it once. A session without a recent second factor is answered 402: the
 * two-factor dialog opens and the call goes again by itself once it is passed (lib/api-client.ts);
 * an archived venue is answered 400, another venue 404.
 */
export async function createTillKey(venueId: string): Promise<CreatedTillKey> {
  const response = await api.post<{ data: CreatedTillKey }>(`/admin/venues/${encodeURIComponent(venueId)}/till-keys`);
  return response.data.data;
}

/** Makes a till key and refreshes the venues (the key is listed without its secret). */
export function useCreateTillKey() {
  return useVenueChange('till-key', createTillKey);
}
