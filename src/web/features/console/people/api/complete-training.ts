import type { Person } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { usePersonAction } from './use-person-action';

/** POST /admin/people/:id/training-complete: marks initial training complete; answers the refreshed person (docs/product.md#people). */
export async function completeTraining({ id }: { id: string }): Promise<Person> {
  const response = await api.post<{ data: Person }>(`/admin/people/${encodeURIComponent(id)}/training-complete`);
  return response.data.data;
}

/** Marks a person's training complete and refreshes them. */
export function useCompleteTraining() {
  return usePersonAction('training-complete', completeTraining);
}
