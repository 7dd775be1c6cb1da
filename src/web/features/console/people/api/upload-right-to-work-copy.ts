import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { RightToWorkFile } from '@shared/api/console/right-to-work.js';
import { api } from '@web/lib/api-client';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';
import { personRightToWorkQueryKey } from './get-person-right-to-work';

/**
 * POST /admin/people/:id/right-to-work/files (HR, docs/product.md#right-to-work-records): a copy of a
 * document uploaded for a check (PDF, JPEG, PNG or WebP, up to 10 MB), kept as the person's. 413, 415 and
 * 429 as for any upload (docs/product.md#limits-and-checks).
 */
export async function uploadRightToWorkCopy(id: string, file: File): Promise<RightToWorkFile> {
  const response = await api.post<{ data: RightToWorkFile }>(
    `/admin/people/${encodeURIComponent(id)}/right-to-work/files`,
    { filename: file.name, file_data: await readFileAsDataUrl(file) },
  );
  return response.data.data;
}

/** Uploads a copy for `id` and refreshes their record, so it is offered with the others. */
export function useUploadRightToWorkCopy(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'upload-right-to-work-copy', id],
    mutationFn: (file: File) => uploadRightToWorkCopy(id, file),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: personRightToWorkQueryKey(id) }),
  });
}
