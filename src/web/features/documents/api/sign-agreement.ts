import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Agreement, AgreementAnswer, SignBody } from '@shared/api/documents.js';
import { api, statusOf } from '@web/lib/api-client';
import { agreementKey, agreementPath } from './get-agreement';

/** POST /staff/agreement/<token> `{ signature_data }`: answers the signed agreement. */
export async function signAgreement(token: string, body: SignBody): Promise<Agreement> {
  const response = await api.post<AgreementAnswer>(agreementPath(token), body);
  return response.data.data;
}

/**
 * Signs the agreement of `token`: the answer replaces the cached agreement; a 409 (signed
 * meanwhile) reloads it so the page shows it signed.
 */
export function useSignAgreement(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['agreement', token, 'sign'],
    mutationFn: (signatureData: string) => signAgreement(token, { signature_data: signatureData }),
    onSuccess: (agreement) => queryClient.setQueryData(agreementKey(token), agreement),
    onError: (error) => {
      if (statusOf(error) === 409) void queryClient.invalidateQueries({ queryKey: agreementKey(token) });
    },
  });
}
