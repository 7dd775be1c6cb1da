/**
 * The person page's "Send password link" (docs/product.md#password-links): HR for anyone, a manager for
 * the people of their venues, as every action on a person.
 */
import type { PasswordLinkSent } from '@shared/api/console/people.js';
import { sendPasswordLink } from '@server/modules/password-link/index.js';
import type { Services } from '@server/services.js';
import type { ConsoleScope } from '@server/modules/console/shared/scope.js';
import { getPerson } from './people.js';

/**
 * Emails person `id` a new set-your-password link; the earlier one stops working.
 * @throws AppError NOT_FOUND outside the scope; CONFLICT as sendPasswordLink (external provider, a leaver,
 *   someone still onboarding).
 */
export async function sendPersonPasswordLink(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
  ip: string;
}): Promise<PasswordLinkSent> {
  const { services, scope } = opts;
  // The person must be one the console may see before anything is sent.
  const person = await getPerson({ db: services.db, scope, id: opts.id });
  const sent = await sendPasswordLink({ services, staffId: person.id, actor: `staff:${scope.actorId}`, ip: opts.ip });
  return {
    link: sent.link,
    expires_at: sent.expiresAt.toISOString(),
    mail_problem: sent.mailError ? { reason: sent.mailError.reason, will_retry: sent.mailError.willRetry } : null,
  };
}
