/**
 * The CLI's edge: HR names people by `--staff EMAIL` and venues by `--venue NAME`, the services take
 * ids. These turn the names into ids and word the refusals for the terminal (docs/product.md#admin-messages).
 */
import { eq, inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';

/** The id of the staff member with `email` (any case). @throws AppError STAFF_NOT_FOUND. */
export async function staffIdByEmail(db: Db, email: string): Promise<string> {
  const address = email.trim().toLowerCase();
  const [row] = await db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, address)).limit(1);
  if (!row) throw new AppError('STAFF_NOT_FOUND', `No staff member has the email address ${address}.`);
  return row.id;
}

/** The ids of the venues called `names` (exactly), in order and once each. @throws AppError VENUE_NOT_FOUND naming every unknown one. */
export async function venueIdsByName(db: Db, names: string[]): Promise<string[]> {
  const wanted = [...new Set(names.map((name) => name.trim()))];
  if (wanted.length === 0) return [];
  const found = await db.select({ id: venues.id, name: venues.name }).from(venues).where(inArray(venues.name, wanted));
  const missing = wanted.filter((name) => !found.some((venue) => venue.name === name));
  if (missing.length > 0)
    throw new AppError('VENUE_NOT_FOUND', `No venue is called ${missing.map((name) => `"${name}"`).join(', ')}.`);
  return wanted.map((name) => found.find((venue) => venue.name === name)!.id);
}

/** The id of the venue called `name`, or undefined when none is given. @throws AppError VENUE_NOT_FOUND. */
export async function venueIdByName(db: Db, name: string | undefined): Promise<string | undefined> {
  if (!name) return undefined;
  const [id] = await venueIdsByName(db, [name]);
  return id;
}
