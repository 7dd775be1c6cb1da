import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StaffImportBody, StaffImportReport } from '@shared/api/console/staff-import';
import { api } from '@web/lib/api-client';
import { PEOPLE_QUERY_KEY } from '@web/features/console/shared/api/get-people';
import { VENUES_QUERY_KEY } from '@web/features/console/shared/api/get-venues';

/**
 * POST /admin/staff-import (HR, docs/product.md#staff-import): the file applied whole, in one
 * transaction; while any row is refused nothing is imported (400 `IMPORT_ROWS_REFUSED`).
 */
export async function applyStaffImport(body: StaffImportBody): Promise<StaffImportReport> {
  const response = await api.post<{ data: StaffImportReport }>('/admin/staff-import', body);
  return response.data.data;
}

/** Applies a checked file; the people list and the venues' head counts are read again afterwards. */
export function useApplyStaffImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'staff-import', 'apply'],
    mutationFn: applyStaffImport,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: VENUES_QUERY_KEY });
    },
  });
}
