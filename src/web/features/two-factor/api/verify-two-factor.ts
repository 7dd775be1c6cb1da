import { useMutation } from '@tanstack/react-query';
import type { VerifyAnswer, VerifyBody } from '@shared/api/two-factor.js';
import { api } from '@web/lib/api-client';

export interface VerifyTwoFactorInput {
  /** The challenge id `initiate` answered (its `code`). */
  challenge: string;
  /** The one-time code and the method it came from (docs/product.md#two-factor attempt). */
  attempt: Required<VerifyBody>;
}

/**
 * POST /bouncer/tfa-logged-in/<challenge>/verify `{ code, method }`: answers `verified` and until
 * when; a 400 for a wrong (tries left), expired or used code, a 429 when locked (docs/product.md#two-factor).
 */
export async function verifyTwoFactor({ challenge, attempt }: VerifyTwoFactorInput): Promise<VerifyAnswer['data']> {
  const response = await api.post<VerifyAnswer>(
    `/bouncer/tfa-logged-in/${encodeURIComponent(challenge)}/verify`,
    attempt,
  );
  return response.data.data;
}

/** Verifies a one-time code. */
export function useVerifyTwoFactor() {
  return useMutation({ mutationKey: ['two-factor', 'verify'], mutationFn: verifyTwoFactor });
}
