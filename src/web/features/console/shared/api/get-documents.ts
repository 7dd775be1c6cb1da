import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { DocumentsAnswer, DocumentStatus } from '@shared/api/console/documents.js';
import { api, type Params } from '@web/lib/api-client';

/** One page of the documents list as the console asks for it (docs/product.md#console-documents). */
export interface DocumentsListQuery {
  /** Empty for every status. */
  status: DocumentStatus | '';
  /** A person's name or email, or a title; empty for all. */
  search: string;
  page: number;
}

/** Documents a page (the server's default). */
export const DOCUMENTS_PER_PAGE = 25;

/**
 * GET /admin/documents?status=&search=&page= (docs/product.md#console-documents): one page of the
 * documents issued to people in the console's scope, newest first, `{ data: [{ id, kind, title, status,
 * person: { id, name, venue }, issued_at, signed_at, expires_at, signed_pdf }], meta: { page, per_page,
 * total } }`; `signed_pdf` is the signed PDF's address for a signed one. Empty filters are left out.
 */
export async function getDocuments(query: DocumentsListQuery): Promise<DocumentsAnswer> {
  const params: Params = { page: query.page, per_page: DOCUMENTS_PER_PAGE };
  if (query.status) params.status = query.status;
  if (query.search) params.search = query.search;
  const response = await api.get<DocumentsAnswer>('/admin/documents', { params });
  return response.data;
}

/** Every documents list; issuing refreshes them all. */
export const DOCUMENTS_QUERY_KEY = ['admin', 'documents'] as const;

/** Query options of one page; the page shown stays while the next loads. */
export function documentsQueryOptions(query: DocumentsListQuery) {
  return queryOptions({
    queryKey: [...DOCUMENTS_QUERY_KEY, query],
    queryFn: () => getDocuments(query),
    placeholderData: keepPreviousData,
  });
}

/** One page of the documents list (loading, error and data states of the query). */
export function useDocuments(query: DocumentsListQuery) {
  return useQuery(documentsQueryOptions(query));
}
