import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingStatus } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';

/** The onboarding path of a link token (docs/product.md#onboarding: `/staff/self-service-onboard/<token>`). */
export function onboardPath(token: string): string {
  return `/staff/self-service-onboard/${encodeURIComponent(token)}`;
}

/**
 * GET /staff/self-service-onboard/<token>: the joiner's onboarding status, the whole body
 * (docs/product.md#onboarding: `{ step, data: { forename }, fields, fieldset, errors }`). 404 for an unknown or
 * expired link.
 */
export async function getOnboardingStatus(token: string): Promise<OnboardingStatus> {
  const response = await api.get<OnboardingStatus>(onboardPath(token));
  return response.data;
}

/** Query key of a token's onboarding status; every onboarding action replaces this entry (docs/product.md#onboarding). */
export function onboardingStatusKey(token: string) {
  return ['onboarding', token] as const;
}

/** Query options of the onboarding status of `token`. */
export function onboardingStatusQueryOptions(token: string) {
  return queryOptions({ queryKey: onboardingStatusKey(token), queryFn: () => getOnboardingStatus(token) });
}

/** The onboarding status of `token` (loading, error and data states of the query). */
export function useOnboardingStatus(token: string) {
  return useQuery(onboardingStatusQueryOptions(token));
}
