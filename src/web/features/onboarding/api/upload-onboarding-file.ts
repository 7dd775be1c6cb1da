import type { StoredFile, UploadFileAnswer, UploadFileBody } from '@shared/api/files.js';
import { api } from '@web/lib/api-client';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';

/**
 * POST /staff/self-service/<token>/file `{ file_data, filename }`: uploads a file for an onboarding
 * file field and answers the stored file, which becomes the field's value (docs/product.md#onboarding).
 */
export async function uploadOnboardingFile(token: string, file: File): Promise<StoredFile> {
  const body: UploadFileBody = { file_data: await readFileAsDataUrl(file), filename: file.name };
  const response = await api.post<UploadFileAnswer>(`/staff/self-service/${encodeURIComponent(token)}/file`, body);
  return response.data.data;
}
