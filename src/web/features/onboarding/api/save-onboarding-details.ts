import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatus, SaveDetailsBody } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { onboardingStatusKey, onboardPath } from './get-onboarding-status';

/**
 * POST /staff/self-service-onboard/<token> `{ fields }`: saves the details form and answers the
 * new status (docs/product.md#onboarding); a 400 carries `errors.fields: [{ field, error }]`.
 */
export async function saveOnboardingDetails(token: string, body: SaveDetailsBody): Promise<OnboardingStatus> {
  const response = await api.post<OnboardingStatus>(onboardPath(token), body);
  return response.data;
}

/** Saves the details form; on success the answer replaces the cached status (docs/product.md#onboarding). */
export function useSaveOnboardingDetails(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', token, 'details'],
    mutationFn: (body: SaveDetailsBody) => saveOnboardingDetails(token, body),
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusKey(token), status),
  });
}
