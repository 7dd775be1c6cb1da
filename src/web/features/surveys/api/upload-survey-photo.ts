import type { StoredFile, UploadFileAnswer, UploadFileBody } from '@shared/api/files.js';
import { api } from '@web/lib/api-client';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';

/** Bucket of survey photos. */
const SURVEY_BUCKET = 'survey';

/** What the photo input accepts (the server sniffs the bytes and takes JPEG, PNG and WebP). */
export const SURVEY_PHOTO_ACCEPT = '.jpg,.jpeg,.png,.webp,image/jpeg,image/png,image/webp';

/**
 * POST /rest/image/upload-public `{ file_data, filename, bucket: 'survey' }` (docs/product.md#surveys): uploads the
 * photo of a file question (JPEG, PNG or WebP up to 10 MB) and answers the stored file.
 */
export async function uploadSurveyPhoto(file: File): Promise<StoredFile> {
  const body: UploadFileBody = { file_data: await readFileAsDataUrl(file), filename: file.name, bucket: SURVEY_BUCKET };
  const response = await api.post<UploadFileAnswer>('/rest/image/upload-public', body);
  return response.data.data;
}
