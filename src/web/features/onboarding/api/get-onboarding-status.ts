import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingDraft, OnboardingStatus } from '@shared/api/onboarding.js';
import { EMBEDDED_ONBOARDING_ELEMENT_ID } from '@shared/onboarding-link-page.js';
import { api } from '@web/lib/api-client';
import { takeEmbeddedJson } from '@web/lib/embedded-json';

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

/**
 * Query options of the onboarding status of `token`. Fresh for 10 s, so that a status the page carried
 * (takeEmbeddedOnboarding) is not asked for again as the screen mounts.
 */
export function onboardingStatusQueryOptions(token: string) {
  return queryOptions({
    queryKey: onboardingStatusKey(token),
    queryFn: () => getOnboardingStatus(token),
    staleTime: 10_000,
  });
}

/**
 * The status and draft of `token` that the page carried (src/server/plugins/spa.ts), once: the element
 * is removed, so a later screen never takes them from an old page. Undefined when there is none (an
 * unknown or expired link, a page the service worker gave) or it is another link's.
 */
export function takeEmbeddedOnboarding(
  token: string,
): { status: OnboardingStatus; draft: OnboardingDraft | null } | undefined {
  const carried = takeEmbeddedJson<{ token: string; status: OnboardingStatus; draft: OnboardingDraft | null }>(
    EMBEDDED_ONBOARDING_ELEMENT_ID,
  );
  return carried?.token === token ? { status: carried.status, draft: carried.draft } : undefined;
}

/** The onboarding status of `token` (loading, error and data states of the query). */
export function useOnboardingStatus(token: string) {
  return useQuery(onboardingStatusQueryOptions(token));
}
