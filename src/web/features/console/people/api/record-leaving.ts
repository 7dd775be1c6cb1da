import type { LeavingBody, Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/**
 * POST /admin/people/:id/leaving: records or changes a person's leaving, or with `leave_now` ends their
 * access at once; answers the refreshed person (docs/product.md#leavers).
 */
export async function recordLeaving({ id, ...body }: LeavingBody & { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/leaving`, body);
  return response.data.data;
}

/** Records a leaving and refreshes the person and the lists. */
export function useRecordLeaving() {
  return usePersonAction('record-leaving', recordLeaving);
}
