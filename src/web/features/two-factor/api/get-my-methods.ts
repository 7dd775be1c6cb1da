import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MyMethodsAnswer, TfaMethod } from '@shared/api/two-factor.js';
import { api } from '@web/lib/api-client';

/** GET /bouncer/tfa/my-methods?page=1&include=type: the signed-in member's methods (docs/product.md#two-factor, page 1). */
export async function getMyMethods(): Promise<TfaMethod[]> {
  const response = await api.get<MyMethodsAnswer>('/bouncer/tfa/my-methods', { params: { page: 1, include: 'type' } });
  return response.data.data;
}

export const MY_METHODS_QUERY_KEY = ['two-factor', 'my-methods'] as const;

/** Query options of my two-factor methods; loaded afresh each time the dialog opens. */
export function myMethodsQueryOptions() {
  return queryOptions({ queryKey: MY_METHODS_QUERY_KEY, queryFn: getMyMethods, staleTime: 0 });
}

/** My two-factor methods (loading, error and data states of the query). */
export function useMyMethods() {
  return useQuery(myMethodsQueryOptions());
}
