import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';
import { useVenueChange } from './use-venue-change';

/** What to change of a venue: any of its name, its brand, archived or brought back. */
export interface UpdateVenueInput {
  id: string;
  name?: string;
  brand?: string;
  archived?: boolean;
}

/**
 * POST /admin/venues/:venueId `{ name?, brand?, archived? }` (HR, docs/product.md#set-up): renames,
 * re-brands, archives or brings back a venue; answers the venue, 409 for a name another venue has,
 * 404 'That venue was not found.'
 */
export async function updateVenue({ id, ...body }: UpdateVenueInput): Promise<ConsoleVenue> {
  const response = await api.post<{ data: ConsoleVenue }>(`/admin/venues/${encodeURIComponent(id)}`, body);
  return response.data.data;
}

/** Changes a venue and refreshes the venues. */
export function useUpdateVenue() {
  return useVenueChange('update', updateVenue);
}
