import { queryOptions } from '@tanstack/react-query';
import type { Agreement, AgreementAnswer } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';

/** Path of an agreement link token (docs/product.md#documents: `/staff/agreement/<token>`). */
export function agreementPath(token: string): string {
  return `/staff/agreement/${encodeURIComponent(token)}`;
}

/** Address of the agreement's PDF. */
export function agreementPdfUrl(token: string): string {
  return `/api${agreementPath(token)}/pdf`;
}

/**
 * GET /staff/agreement/<token>?include=rendered: the agreement
 * (`{ title, pdf, template, status: { complete }, date_signed }`, docs/product.md#documents). 404 for an unknown link.
 */
export async function getAgreement(token: string): Promise<Agreement> {
  const response = await api.get<AgreementAnswer>(agreementPath(token), { params: { include: 'rendered' } });
  return response.data.data;
}

/** Query key of an agreement; signing replaces this entry with its answer. */
export function agreementKey(token: string) {
  return ['agreement', token] as const;
}

/** Query options of the agreement of `token`. */
export function agreementQueryOptions(token: string) {
  return queryOptions({ queryKey: agreementKey(token), queryFn: () => getAgreement(token) });
}
