import { useMutation } from '@tanstack/react-query';
import type { VerifyBody, VerifyResult } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';
import { readFileAsDataUrl } from '@web/lib/read-file-as-data-url';

/**
 * POST /verify `{ file_data }` (docs/product.md#verify): whether the PDF was signed with this Staffroom
 * and is unchanged since; 400 for a file that is not a PDF, 413 past 20 MB, 429 after 10 checks a minute.
 */
export async function verifyDocument(body: VerifyBody): Promise<VerifyResult> {
  const response = await api.post<{ data: VerifyResult }>('/verify', body);
  return response.data.data;
}

/** Reads the chosen file and checks it. */
export function useVerifyDocument() {
  return useMutation({
    mutationKey: ['verify'],
    mutationFn: async (file: File) => verifyDocument({ file_data: await readFileAsDataUrl(file) }),
  });
}
