import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OnboardingStatus, SetPasswordBody } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { onboardingStatusKey, onboardPath } from './get-onboarding-status';

/** POST /staff/self-service-onboard/<token>/password `{ password, password_check }`: answers the new status. */
export async function setOnboardingPassword(token: string, body: SetPasswordBody): Promise<OnboardingStatus> {
  const response = await api.post<OnboardingStatus>(`${onboardPath(token)}/password`, body);
  return response.data;
}

/** Sets the joiner's password; the answer replaces the cached status (docs/product.md#onboarding). */
export function useSetOnboardingPassword(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', token, 'password'],
    mutationFn: (body: SetPasswordBody) => setOnboardingPassword(token, body),
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusKey(token), status),
  });
}
