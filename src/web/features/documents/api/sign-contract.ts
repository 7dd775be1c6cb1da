import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Contract, ContractAnswer, SignBody } from '@shared/api/documents.js';
import { api, statusOf } from '@web/lib/api-client';
import { contractKey, contractPath } from './get-contract';

/** POST /staff/employment/contract/<token>/sign `{ signature_data }`: answers the signed contract (409 if already signed). */
export async function signContract(token: string, body: SignBody): Promise<Contract> {
  const response = await api.post<ContractAnswer>(`${contractPath(token)}/sign`, body);
  return response.data.data;
}

/**
 * Signs the contract of `token`: the answer replaces the cached contract; a 409 (signed
 * meanwhile, e.g. in another tab) reloads it so the page shows it signed.
 */
export function useSignContract(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['contract', token, 'sign'],
    mutationFn: (signatureData: string) => signContract(token, { signature_data: signatureData }),
    onSuccess: (contract) => queryClient.setQueryData(contractKey(token), contract),
    onError: (error) => {
      if (statusOf(error) === 409) void queryClient.invalidateQueries({ queryKey: contractKey(token) });
    },
  });
}
