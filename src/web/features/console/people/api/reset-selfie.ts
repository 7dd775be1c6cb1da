import type { Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/**
 * POST /admin/people/:id/selfie-reset: removes the person's picture so they can take a new one (the
 * line manager's removal their My Details speaks of); answers the refreshed person, or 404 'That
 * person has no picture to remove.' (docs/product.md#people).
 */
export async function resetSelfie({ id }: { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/selfie-reset`);
  return response.data.data;
}

/** Resets a person's picture and refreshes them. */
export function useResetSelfie() {
  return usePersonAction('selfie-reset', resetSelfie);
}
