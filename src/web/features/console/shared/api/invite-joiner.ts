import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Invitation, InviteBody } from '@shared/api/console/joiners.js';
import { api } from '@web/lib/api-client';
import { JOINERS_QUERY_KEY } from './get-joiners';
import { PEOPLE_QUERY_KEY } from './get-people';

/**
 * POST /admin/joiners `{ forename, surname, email, venue_id, position?, start_date?, fieldset? }`
 * (docs/product.md#joiners): creates the joiner, their contract and onboarding and emails the link, as
 * `invite` does. Answers the link with `mail_problem` set when the email could not go (the invitation
 * stands: HR hands the link over); a 400 with `errors.fields` (`'Choose one of your venues.'` for a
 * venue outside the caller's), a 409 for an email that belongs to an existing member.
 */
export async function inviteJoiner(body: InviteBody): Promise<Invitation> {
  const response = await api.post<{ data: Invitation }>('/admin/joiners', body);
  return response.data.data;
}

/** Invites a joiner, then refreshes the board and the people lists they now appear in. */
export function useInviteJoiner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationKey: ['admin', 'invite'],
    mutationFn: inviteJoiner,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: JOINERS_QUERY_KEY });
      void queryClient.invalidateQueries({ queryKey: PEOPLE_QUERY_KEY });
    },
  });
}
