import { api } from '@web/lib/api-client';
import { useJoinerAction } from './use-joiner-action';

/**
 * POST /admin/joiners/:id/revoke (docs/product.md#joiners): the joiner's link stops working at once (a
 * link sent to the wrong address); answered 204. Their record stays, shown on the board as expired,
 * and a new link can be sent. 404 for a joiner the console may not see; 409 once they have finished.
 */
export async function revokeJoinerLink({ id }: { id: string }): Promise<void> {
  await api.post(`/admin/joiners/${encodeURIComponent(id)}/revoke`);
}

/** Revokes a joiner's link and refreshes the board. */
export function useRevokeJoinerLink() {
  return useJoinerAction('revoke', revokeJoinerLink);
}
