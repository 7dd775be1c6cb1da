import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RecordRightToWorkBody, RightToWorkCheck } from '@shared/api/console/right-to-work.js';
import { api } from '@web/lib/api-client';
import { personRightToWorkQueryKey } from './get-person-right-to-work';

/**
 * POST /admin/people/:id/right-to-work (HR, docs/product.md#right-to-work-records): records a check or a
 * follow-up check, which becomes the current one. 400 with `errors.fields` naming the field at fault
 * (`share_code`, `idsp_document`, `checked_on`, `permission_expires_on`, `follow_up_on`, `file_ids`).
 */
export async function recordRightToWork(id: string, body: RecordRightToWorkBody): Promise<RightToWorkCheck> {
  const response = await api.post<{ data: RightToWorkCheck }>(
    `/admin/people/${encodeURIComponent(id)}/right-to-work`,
    body,
  );
  return response.data.data;
}

/** Records a check for `id`, then refreshes their record and the right-to-work lists. */
export function useRecordRightToWork(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'record-right-to-work', id],
    mutationFn: (body: RecordRightToWorkBody) => recordRightToWork(id, body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: personRightToWorkQueryKey(id) });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'right-to-work'] });
    },
  });
}
