import { useMutation } from '@tanstack/react-query';
import type { InitiateAnswer } from '@shared/api/two-factor.js';
import { api } from '@web/lib/api-client';

/** What starting a check answers: the challenge to verify, where the code went, when it expires. */
export type TwoFactorChallenge = InitiateAnswer['data'];

/**
 * POST /bouncer/tfa-logged-in/initiate/<methodId>: sends a code by email or text message (nothing
 * is sent for an authenticator app) and answers the challenge whose id goes in the verify path.
 */
export async function initiateTwoFactor(methodId: string): Promise<TwoFactorChallenge> {
  const response = await api.post<InitiateAnswer>(`/bouncer/tfa-logged-in/initiate/${encodeURIComponent(methodId)}`);
  return response.data.data;
}

/** Starts a two-factor check with a method. */
export function useInitiateTwoFactor() {
  return useMutation({ mutationKey: ['two-factor', 'initiate'], mutationFn: initiateTwoFactor });
}
