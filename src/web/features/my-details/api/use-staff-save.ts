import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '../../../../shared/api/staff.js';
import { ME_QUERY_KEY } from '../../../lib/me-query-key';

/**
 * A My Details save: sends the body with `save` and, on success, replaces the cached staff member
 * with the refreshed one the server answers (spec §4: after each save the user is updated).
 */
export function useStaffSave<TBody>(name: string, save: (body: TBody) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['my-details', name],
    mutationFn: save,
    onSuccess: (staff) => queryClient.setQueryData(ME_QUERY_KEY, staff),
  });
}
