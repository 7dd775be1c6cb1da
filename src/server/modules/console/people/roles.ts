/**
 * Granting and revoking console roles (docs/product.md#console-roles): by HR in the console (after a
 * second factor) and from the admin CLI. A person holds at most one role; a
 * venue manager manages at least one venue. Every change is audited with the old and new role.
 */
import { eq, inArray } from 'drizzle-orm';
import type { ConsoleRole } from '@shared/api/console/shared.js';
import type { Db } from '@server/db/client.js';
import { staff, venueManagers, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { isUuid } from '@server/lib/ids.js';

/**
 * Sets member `staffId`'s console role: `hr`, `manager` of venues `venueIds`, or none (null). Answers the staff id.
 * @throws AppError NOT_FOUND for an unknown member; BAD_REQUEST for a manager without venues;
 *   VENUE_NOT_FOUND for an unknown venue id.
 */
export async function setConsoleRole(opts: {
  db: Db;
  staffId: string;
  role: ConsoleRole | null;
  venueIds?: string[];
  actor: string;
  ip?: string;
}): Promise<string> {
  const { db } = opts;
  const [person] = isUuid(opts.staffId)
    ? await db.select({ id: staff.id, role: staff.role }).from(staff).where(eq(staff.id, opts.staffId)).limit(1)
    : [];
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  let venueIds: string[] = [];
  if (opts.role === 'manager') {
    const wanted = [...new Set(opts.venueIds ?? [])];
    if (wanted.length === 0) throw new AppError('BAD_REQUEST', 'Choose at least one venue for a manager.');
    const found = wanted.every(isUuid)
      ? await db.select({ id: venues.id }).from(venues).where(inArray(venues.id, wanted))
      : [];
    if (found.length < wanted.length) throw new AppError('VENUE_NOT_FOUND', 'One of those venues was not found.');
    venueIds = found.map((venue) => venue.id);
  }
  await db.transaction(async (tx) => {
    await tx.update(staff).set({ role: opts.role, updatedAt: new Date() }).where(eq(staff.id, person.id));
    await tx.delete(venueManagers).where(eq(venueManagers.staffId, person.id));
    if (venueIds.length > 0)
      await tx.insert(venueManagers).values(venueIds.map((venueId) => ({ staffId: person.id, venueId })));
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
