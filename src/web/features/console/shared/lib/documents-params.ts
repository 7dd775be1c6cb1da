import type { DocumentStatus } from '@shared/api/console/documents.js';
import type { DocumentsListQuery } from '../api/get-documents';

/** What a document is, in words (docs/product.md#console-documents). */
export const KIND_LABELS: Record<'contract' | 'agreement', string> = { contract: 'Contract', agreement: 'Agreement' };

/** The status filter's choices, in order, with the chip each status shows. */
export const DOCUMENT_STATUS_LABELS: Record<
  DocumentStatus,
  { label: string; colour: 'default' | 'success' | 'warning' }
> = {
  unsigned: { label: 'Unsigned', colour: 'warning' },
  signed: { label: 'Signed', colour: 'success' },
  expired: { label: 'Expired', colour: 'default' },
};

const STATUSES = new Set<string>(Object.keys(DOCUMENT_STATUS_LABELS));

/**
 * The documents list's query from the address (`?status=signed&search=ava&page=2`), so a reload or Back
 * finds the list as it was; anything missing or unknown is every status, no search, page 1.
 */
export function documentsQueryFromParams(params: URLSearchParams): DocumentsListQuery {
  const page = Number(params.get('page'));
  const status = params.get('status') ?? '';
  return {
    status: STATUSES.has(status) ? (status as DocumentStatus) : '',
    search: (params.get('search') ?? '').trim(),
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

/** The address's query for `query`, leaving out the defaults, so the plain list stays `/admin/documents`. */
export function documentsParamsFromQuery(query: DocumentsListQuery): URLSearchParams {
  const params = new URLSearchParams();
  if (query.status) params.set('status', query.status);
  if (query.search) params.set('search', query.search);
  if (query.page > 1) params.set('page', String(query.page));
  return params;
}
