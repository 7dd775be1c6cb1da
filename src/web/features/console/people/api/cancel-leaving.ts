import type { Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/** POST /admin/people/:id/leaving/cancel: cancels a leaving not yet taken effect; answers the refreshed person (docs/product.md#leavers). */
export async function cancelLeaving({ id }: { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/leaving/cancel`);
  return response.data.data;
}

/** Cancels a leaving and refreshes the person and the lists. */
export function useCancelLeaving() {
  return usePersonAction('cancel-leaving', cancelLeaving);
}
