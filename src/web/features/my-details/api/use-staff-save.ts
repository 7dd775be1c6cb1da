import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffMember } from '@shared/api/my-details.js';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';

/**
 * A My Details save: sends the body with `save` and, on success, replaces the cached staff member
 * with the refreshed one the server answers (docs/product.md#my-details: after each save the user is updated).
 */
export function useStaffSave<TBody>(name: string, save: (body: TBody) => Promise<StaffMember>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['my-details', name],
    mutationFn: save,
    onSuccess: (staff) => queryClient.setQueryData(ME_QUERY_KEY, staff),
  });
}
