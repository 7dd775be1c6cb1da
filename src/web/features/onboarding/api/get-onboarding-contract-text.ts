import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ContractTextAnswer } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { onboardPath } from './get-onboarding-status';

/**
 * GET /staff/self-service-onboard/<token>/contract/text: the contract as HTML (`data`) or, when
 * `meta.url` is set, the address of its PDF (docs/product.md#onboarding contract text).
 */
export async function getOnboardingContractText(token: string): Promise<ContractTextAnswer> {
  const response = await api.get<ContractTextAnswer>(`${onboardPath(token)}/contract/text`);
  return response.data;
}

/** Query options of the joiner's contract text. */
export function onboardingContractTextQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['onboarding', token, 'contract-text'] as const,
    queryFn: () => getOnboardingContractText(token),
  });
}

/** The joiner's contract text (loading, error and data states of the query). */
export function useOnboardingContractText(token: string) {
  return useQuery(onboardingContractTextQueryOptions(token));
}
