/**
 * A person added from the console without onboarding (docs/product.md#people), as `create-staff` does.
 * With the embedded provider they have no password yet, so they are emailed a set-your-password link
 * (docs/product.md#password-links); with an external provider they sign in there.
 */
import { eq } from 'drizzle-orm';
import { venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { sendPasswordLink, usesPasswords } from '@server/modules/password-link/index.js';
import { createStaffMember } from '@server/modules/staff/index.js';
import type { Services } from '@server/services.js';
import type { ConsoleScope } from '@server/modules/console/shared/scope.js';

/**
 * Adds a person to a venue in scope, without onboarding, and with the embedded provider emails them a
 * password link (a mail that does not go is retried by the queue; "Send password link" sends a new one).
 * @returns their id.
 * @throws AppError BAD_REQUEST for a venue outside the scope, VENUE_ARCHIVED for an archived one; EMAIL_TAKEN for a taken email.
 */
export async function addConsolePerson(opts: {
  services: Services;
  scope: ConsoleScope;
  body: { forename: string; surname: string; email: string; venue_id: string; position?: string; start_date?: string };
  ip?: string;
}): Promise<string> {
  const { services, scope, body } = opts;
  const { db } = services;
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, body.venue_id)).limit(1);
  if (!venue || (scope.venueIds !== null && !scope.venueIds.includes(venue.id))) {
    throw new AppError('BAD_REQUEST', 'Choose one of your venues.', [
      { field: 'venue_id', error: 'Choose one of your venues' },
    ]);
  }
  const actor = `staff:${scope.actorId}`;
  const { id } = await createStaffMember({
    db,
    actor,
    input: {
      forename: body.forename,
      surname: body.surname,
      email: body.email,
      venueId: venue.id,
      position: body.position || undefined,
      startDate: body.start_date,
      onboardComplete: true,
    },
  });
  if (usesPasswords(services.config)) await sendPasswordLink({ services, staffId: id, actor, ip: opts.ip });
  return id;
}
