/**
 * Granting and revoking console roles (docs/product.md#console-roles): by HR in the console (after a
 * second factor) and by the CLI (`role grant`, `role revoke`). A person holds at most one role; a
 * venue manager manages at least one venue. Every change is audited with the old and new role.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ConsoleRole } from '@shared/api/console/shared.js';
import type { Db } from '@server/db/client.js';
import { staff, venueManagers, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';

/** Which venues: their ids (the console) or their names (the CLI). */
export type VenueChoice = { ids: string[] } | { names: string[] };

/**
 * Sets `who`'s console role: `hr`, `manager` of the chosen venues, or none (null). Answers the staff id.
 * @throws AppError BAD_REQUEST for an unknown email or venue, or a manager without venues;
 *   NOT_FOUND for an unknown id.
 */
export async function setConsoleRole(opts: {
  db: Db;
  who: { email: string } | { id: string };
  role: ConsoleRole | null;
  venues?: VenueChoice;
  actor: string;
  ip?: string;
}): Promise<string> {
  const { db, who } = opts;
  const [person] = await db
    .select({ id: staff.id, role: staff.role })
    .from(staff)
    .where('email' in who ? eq(staff.emailAddress, who.email.trim().toLowerCase()) : eq(staff.id, who.id))
    .limit(1);
  if (!person) {
    throw 'email' in who
      ? new AppError('BAD_REQUEST', `No staff member has the email address ${who.email.trim().toLowerCase()}.`)
      : new AppError('NOT_FOUND', 'That person was not found.');
  }
  let venueIds: string[] = [];
  if (opts.role === 'manager') {
    const choice = opts.venues ?? { ids: [] };
    const wanted = [...new Set('ids' in choice ? choice.ids : choice.names.map((name) => name.trim()))];
    if (wanted.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one venue for a manager.');
    const found = await db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where('ids' in choice ? inArray(venues.id, wanted) : inArray(venues.name, wanted));
    const missing = wanted.filter((value) => !found.some((venue) => ('ids' in choice ? venue.id : venue.name) === value));
    if (missing.length > 0) throw new AppError('BAD_REQUEST', `No venue is called ${missing.map((name) => `"${name}"`).join(', ')}.`);
    venueIds = found.map((venue) => venue.id);
  }
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ role: opts.role, updatedAt: new Date() }).where(eq(staff.id, person.id));
    await tx.delete(venueManagers).where(eq(venueManagers.staffId, person.id));
    if (venueIds.length > 0) await tx.insert(venueManagers).values(venueIds.map((venueId) => ({ staffId: person.id, venueId })));
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: 'staff.role_changed',
      ip: opts.ip,
      details: { old: person.role, new: opts.role, venue_ids: venueIds },
    });
  });
  return person.id;
}
