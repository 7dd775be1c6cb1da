import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MyDocumentAnswer, MyDocumentDetail, SignBody } from '@shared/api/documents.js';
import { api, statusOf } from '@web/lib/api-client';
import { MY_DOCUMENTS_KEY } from './get-my-documents';
import { myDocumentKey, myDocumentPath } from './get-my-document';

/** POST /staff/self-service/documents/<id>/sign `{ signature_data }`: answers the document, now signed (409 if it cannot be). */
export async function signMyDocument(id: string, body: SignBody): Promise<MyDocumentDetail> {
  const response = await api.post<MyDocumentAnswer>(`${myDocumentPath(id)}/sign`, body);
  return response.data.data;
}

/**
 * Signs the member's document `id`: the answer replaces the cached document and the list is
 * refreshed; a 409 (signed meanwhile, e.g. from the emailed link) reloads it so the page shows why.
 */
export function useSignMyDocument(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['my-documents', id, 'sign'],
    mutationFn: (signatureData: string) => signMyDocument(id, { signature_data: signatureData }),
    onSuccess: (document) => {
      queryClient.setQueryData(myDocumentKey(id), document);
      void queryClient.invalidateQueries({ queryKey: MY_DOCUMENTS_KEY, exact: true });
    },
    onError: (error) => {
      if (statusOf(error) === 409) void queryClient.invalidateQueries({ queryKey: myDocumentKey(id) });
    },
  });
}
