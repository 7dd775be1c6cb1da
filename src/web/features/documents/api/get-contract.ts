import { queryOptions } from '@tanstack/react-query';
import type { Contract, ContractAnswer } from '@shared/api/documents.js';
import { api } from '@web/lib/api-client';

/** Path of a contract link token (docs/product.md#documents: `/staff/employment/contract/<token>`). */
export function contractPath(token: string): string {
  return `/staff/employment/contract/${encodeURIComponent(token)}`;
}

/** Address of the contract's PDF (the signed one, with its audit page, once signed). */
export function contractPdfUrl(token: string): string {
  return `/api${contractPath(token)}/pdf`;
}

/**
 * GET /staff/employment/contract/<token>?include=rendered: the contract
 * (`{ title, file, rendered, status: { complete }, date_accepted }`, docs/product.md#documents). 404 for an unknown link.
 */
export async function getContract(token: string): Promise<Contract> {
  const response = await api.get<ContractAnswer>(contractPath(token), { params: { include: 'rendered' } });
  return response.data.data;
}

/** Query key of a contract; signing replaces this entry with its answer. */
export function contractKey(token: string) {
  return ['contract', token] as const;
}

/** Query options of the contract of `token`. */
export function contractQueryOptions(token: string) {
  return queryOptions({ queryKey: contractKey(token), queryFn: () => getContract(token) });
}
