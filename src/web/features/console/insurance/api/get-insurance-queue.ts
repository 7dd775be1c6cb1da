import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { api } from '@web/lib/api-client';

/**
 * GET /admin/insurance (docs/product.md#insurance-queue): the insurance documents waiting for a
 * decision within the console's scope, oldest first, each with the person, the vehicle and its MOT,
 * and the document with `uri`, a signed same-origin address that shows it inline for 5 minutes.
 */
export async function getInsuranceQueue(): Promise<PendingInsurance[]> {
  const response = await api.get<{ data: PendingInsurance[] }>('/admin/insurance');
  return response.data.data;
}

export const INSURANCE_QUEUE_QUERY_KEY = ['admin', 'insurance'] as const;

/**
 * The documents' signed addresses last 5 minutes: the queue is asked for again every 4 while it is
 * shown, so a document opened later still opens.
 */
export const INSURANCE_QUEUE_REFRESH_MS = 4 * 60_000;

/** Query options of the insurance queue. */
export function insuranceQueueQueryOptions() {
  return queryOptions({
    queryKey: INSURANCE_QUEUE_QUERY_KEY,
    queryFn: getInsuranceQueue,
    refetchInterval: INSURANCE_QUEUE_REFRESH_MS,
  });
}

/** The insurance queue (loading, error and data states of the query). */
export function useInsuranceQueue() {
  return useQuery(insuranceQueueQueryOptions());
}
