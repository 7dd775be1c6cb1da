import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SignBody } from '@shared/api/documents.js';
import type { OnboardingStatus } from '@shared/api/onboarding.js';
import { api } from '@web/lib/api-client';
import { onboardingStatusKey, onboardPath } from './get-onboarding-status';

/** POST /staff/self-service-onboard/<token>/contract/sign `{ signature_data }`: answers the new status. */
export async function signOnboardingContract(token: string, body: SignBody): Promise<OnboardingStatus> {
  const response = await api.post<OnboardingStatus>(`${onboardPath(token)}/contract/sign`, body);
  return response.data;
}

/** Signs the joiner's contract; the answer replaces the cached status (docs/product.md#onboarding). */
export function useSignOnboardingContract(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['onboarding', token, 'sign'],
    mutationFn: (signatureData: string) => signOnboardingContract(token, { signature_data: signatureData }),
    onSuccess: (status) => queryClient.setQueryData(onboardingStatusKey(token), status),
  });
}
