import { api } from '@web/lib/api-client';
import { useVenueChange } from './use-venue-change';

/**
 * POST /admin/till-keys/:keyId/revoke (HR or that venue's manager, docs/product.md#set-up): the key stops
 * working at the till at once; answers 204, 404 'That till key was not found.' for another venue's.
 */
export async function revokeTillKey(keyId: string): Promise<void> {
  await api.post(`/admin/till-keys/${encodeURIComponent(keyId)}/revoke`);
}

/** Revokes a till key and refreshes the venues. */
export function useRevokeTillKey() {
  return useVenueChange('revoke-till-key', revokeTillKey);
}
