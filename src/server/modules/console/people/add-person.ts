/**
 * A person added from the console who signs in through the group's provider, without onboarding
 * (docs/product.md#people), as `create-staff` does.
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { createStaffMember } from '@server/modules/staff/index.js';
import type { ConsoleScope } from '@server/modules/console/shared/scope.js';

/**
 * Adds a person to a venue in scope, without onboarding (they sign in through the group's provider).
 * @throws AppError BAD_REQUEST for a venue outside the scope, VENUE_ARCHIVED for an archived one; EMAIL_TAKEN for a taken email.
 */
export async function addConsolePerson(opts: {
  db: Db;
  scope: ConsoleScope;
  body: { forename: string; surname: string; email: string; venue_id: string; position?: string; start_date?: string };
}): Promise<string> {
  const { db, scope, body } = opts;
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, body.venue_id)).limit(1);
  if (!venue || (scope.venueIds !== null && !scope.venueIds.includes(venue.id))) {
    throw new AppError('BAD_REQUEST', 'Choose one of your venues.', [
      { field: 'venue_id', error: 'Choose one of your venues' },
    ]);
  }
  const { id } = await createStaffMember({
    db,
    actor: `staff:${scope.actorId}`,
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
  return id;
}
