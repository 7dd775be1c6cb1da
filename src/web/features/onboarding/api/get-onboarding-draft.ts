import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DraftAnswer, OnboardingDraft } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { onboardPath } from './get-onboarding-status';

/**
 * GET /staff/self-service-onboard/<token>/draft: the details form as the joiner left it, or null when
 * nothing is kept (always null past the details step) (docs/product.md#drafts). 404 for an
 * unknown or expired link.
 */
export async function getOnboardingDraft(token: string): Promise<OnboardingDraft | null> {
  const response = await api.get<DraftAnswer>(`${onboardPath(token)}/draft`);
  return response.data.data;
}

/**
 * Query options of the draft of `token`. Read once, when the form first shows: what is typed after
 * that is newer than any draft, so the answer is never fetched again to replace it.
 */
export function onboardingDraftQueryOptions(token: string) {
  return queryOptions({
    queryKey: ['onboarding', token, 'draft'] as const,
    queryFn: () => getOnboardingDraft(token),
    staleTime: Infinity,
  });
}

/** The draft of `token` (loading, error and data states of the query). */
export function useOnboardingDraft(token: string) {
  return useQuery(onboardingDraftQueryOptions(token));
}
