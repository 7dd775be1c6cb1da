import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDocumentAnswer, MyDocumentDetail } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';
import { MY_DOCUMENTS_KEY } from './get-my-documents';

/** Path of one of the member's documents (docs/product.md#my-documents). */
export const myDocumentPath = (id: string) => `/staff/self-service/documents/${encodeURIComponent(id)}`;

/** Address of its PDF: the signed one, with its certificate page, once signed. */
export const myDocumentPdfUrl = (id: string) => `/api${myDocumentPath(id)}/pdf`;

/**
 * GET /staff/self-service/documents/<id>: one of the member's documents, with its HTML or that it is a
 * PDF. 404 'That document was not found.' for anyone else's.
 */
export async function getMyDocument(id: string): Promise<MyDocumentDetail> {
  const response = await api.get<MyDocumentAnswer>(myDocumentPath(id));
  return response.data.data;
}

/** Query key of one of the member's documents, under the list's. */
export const myDocumentKey = (id: string) => [...MY_DOCUMENTS_KEY, id] as const;

/** Query options of the member's document `id`. */
export function myDocumentQueryOptions(id: string) {
  return queryOptions({ queryKey: myDocumentKey(id), queryFn: () => getMyDocument(id) });
}

/** The member's document `id`. */
export function useMyDocument(id: string) {
  return useQuery(myDocumentQueryOptions(id));
}
