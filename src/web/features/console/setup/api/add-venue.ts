import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { api } from '@web/lib/api-client';
import { useVenueChange } from './use-venue-change';

/** The body of POST /admin/venues. */
export interface AddVenueInput {
  name: string;
  brand: string;
}

/**
 * POST /admin/venues `{ name, brand }` (HR, docs/product.md#set-up): adds a venue trading under a brand
 * of src/shared/brands.ts; answers the venue, 400 with `errors.fields` for a bad name or brand, 409
 * 'A venue is already called "…".' with the field `name`, 403 'Only HR can do that.'
 */
export async function addVenue(body: AddVenueInput): Promise<ConsoleVenue> {
  const response = await api.post<{ data: ConsoleVenue }>('/admin/venues', body);
  return response.data.data;
}

/** Adds a venue and refreshes the venues. */
export function useAddVenue() {
  return useVenueChange('add', addVenue);
}
