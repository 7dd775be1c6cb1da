import type { StoredFile, UploadFileAnswer, UploadFileBody } from '@shared/api/files.js';
import { api } from '@web/lib/api-client';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';

/** Bucket of staff documents such as insurance certificates. */
const DOCUMENTS_BUCKET = 'documents';

/**
 * POST /staff/self-service/file `{ file_data, filename, bucket: 'documents' }`: uploads an insurance
 * document (PDF, JPEG, PNG or WebP up to 10 MB) and answers the stored file, whose id is then sent
 * with the vehicle (docs/product.md#vehicles). 400/413/415 for an empty, too large or unsupported file.
 */
export async function uploadDocument(file: File): Promise<StoredFile> {
  const body: UploadFileBody = {
    file_data: await readFileAsDataUrl(file),
    filename: file.name,
    bucket: DOCUMENTS_BUCKET,
  };
  const response = await api.post<UploadFileAnswer>('/staff/self-service/file', body);
  return response.data.data;
}
