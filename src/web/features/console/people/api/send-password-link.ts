import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PasswordLinkSent } from '@shared/api/console/people.js';
import { api } from '@web/lib/api-client';
import { personQueryKey } from './get-person';

/**
 * POST /admin/people/:id/password-link: emails the person a set-your-password link (the earlier one stops
 * working); answers the link, its expiry and any mail problem; 409 for a leaver, someone still onboarding
 * or an external provider (docs/product.md#password-links).
 */
export async function sendPasswordLink({ id }: { id: string }): Promise<PasswordLinkSent> {
  const response = await api.post<{ data: PasswordLinkSent }>(`/admin/people/${encodeURIComponent(id)}/password-link`);
  return response.data.data;
}

/** Sends a person a password link; their page is refetched for the history line. */
export function useSendPasswordLink() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'password-link'],
    mutationFn: sendPasswordLink,
    onSuccess: (_sent, { id }) => void queryClient.invalidateQueries({ queryKey: personQueryKey(id) }),
  });
}
