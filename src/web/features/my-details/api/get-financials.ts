import { useMutation } from '@tanstack/react-query';
import type { Financials } from '@shared/api/my-details.js';
import { api } from '@web/lib/api-client';

/**
 * GET /staff/self-service/financials: the bank details held, in full (docs/product.md#banking). A session
 * without a recent second factor is answered 402, which opens the two-factor dialog; once it is
 * passed the call goes again by itself (lib/api-client.ts).
 */
export async function getFinancials(): Promise<Financials> {
  const response = await api.get<{ data: Financials }>('/staff/self-service/financials');
  return response.data.data;
}

/**
 * The Banking modal's "Show current details": fetched on demand as an action, not a cached query, so
 * the full numbers live only in the open form.
 */
export function useShowFinancials() {
  return useMutation({ mutationKey: ['my-details', 'show-financials'], mutationFn: getFinancials });
}
