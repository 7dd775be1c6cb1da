import { useMutation } from '@tanstack/react-query';
import type { StaffImportBody, StaffImportReport } from '@shared/api/console/staff-import';
import { api } from '@web/lib/api-client';

/**
 * POST /admin/staff-import/dry-run (HR, docs/product.md#staff-import): what the file would do, per row
 * (`create`, `update`, `unchanged`, `refused` with why), with the counts; nothing changes. A file that
 * cannot be read is answered 400 with why (`errors.message`, e.g. asking for CSV UTF-8); a file with
 * bank details needs a second factor (402: the dialog opens and the call goes again by itself).
 */
export async function checkStaffImport(body: StaffImportBody): Promise<StaffImportReport> {
  const response = await api.post<{ data: StaffImportReport }>('/admin/staff-import/dry-run', body);
  return response.data.data;
}

/** The dry run of a chosen file. */
export function useCheckStaffImport() {
  return useMutation({ mutationKey: ['admin', 'staff-import', 'check'], mutationFn: checkStaffImport });
}
