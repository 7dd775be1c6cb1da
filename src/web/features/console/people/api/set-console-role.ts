import type { Person, RoleBody } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/**
 * POST /admin/people/:id/role `{ role: 'hr' | 'manager' | null, venue_ids }` (HR only, docs/product.md#people):
 * grants or takes away a console role; answers the refreshed person, or 400 'Choose at least one venue
 * for a manager.' A session without a recent second factor is answered 402: the two-factor dialog opens
 * and, once it is passed, the call goes again by itself (lib/api-client.ts).
 */
export async function setConsoleRole({ id, ...body }: RoleBody & { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/role`, body);
  return response.data.data;
}

/** Sets a person's console role and refreshes them. */
export function useSetConsoleRole() {
  return usePersonAction('role', setConsoleRole);
}
