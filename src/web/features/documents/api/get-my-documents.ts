import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyDocument, MyDocumentsAnswer } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';

/** GET /staff/self-service/documents: every contract and agreement issued to the member, newest first (docs/product.md#my-documents). */
export async function getMyDocuments(): Promise<MyDocument[]> {
  const response = await api.get<MyDocumentsAnswer>('/staff/self-service/documents');
  return response.data.data;
}

/** Query key of the member's documents; signing one refreshes it. */
export const MY_DOCUMENTS_KEY = ['my-documents'] as const;

/** Query options of the member's documents. */
export function myDocumentsQueryOptions() {
  return queryOptions({ queryKey: MY_DOCUMENTS_KEY, queryFn: getMyDocuments });
}

/** The member's documents (loading, error and data states of the query). */
export function useMyDocuments() {
  return useQuery(myDocumentsQueryOptions());
}
