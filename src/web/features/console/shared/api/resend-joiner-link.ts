import type { Invitation } from '@shared/api/console/joiners.js';
import { api } from '@web/lib/api-client';
import { useJoinerAction } from './use-joiner-action';

/**
 * POST /admin/joiners/:id/resend (docs/product.md#joiners): emails the joiner a new link, and the old
 * one stops working; answers the link (`reissued: true`, `mail_problem` when the email could not go).
 * 404 for a joiner the console may not see; 409 'They have finished onboarding: there is no link to send.'
 */
export async function resendJoinerLink({ id }: { id: string }): Promise<Invitation> {
  const response = await api.post<{ data: Invitation }>(`/admin/joiners/${encodeURIComponent(id)}/resend`);
  return response.data.data;
}

/** Sends a joiner a new link and refreshes the board. */
export function useResendJoinerLink() {
  return useJoinerAction('resend', resendJoinerLink);
}
