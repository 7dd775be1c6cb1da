import type { Person, RehireBody } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/** POST /admin/people/:id/rehire: brings a leaver back from a new start date; answers the refreshed person (docs/product.md#leavers). */
export async function rehire({ id, ...body }: RehireBody & { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/rehire`, body);
  return response.data.data;
}

/** Re-hires a leaver and refreshes the person and the lists. */
export function useRehire() {
  return usePersonAction('rehire', rehire);
}
