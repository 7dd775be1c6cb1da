/**
 * The console's set-up of venues and their till keys (docs/product.md#set-up): HR adds, renames,
 * re-brands and archives venues; HR and a venue's manager create (after a second factor) and revoke
 * its till keys, on the same service as `till-key create` and `till-key revoke`.
 */
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { ConsoleVenue } from '@shared/api/console/setup.js';
import { BRAND_IDS } from '@shared/brands.js';
import type { Db } from '@server/db/client.js';
import { tillKeys, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { createTillKey, revokeTillKey } from '@server/modules/team-discount/index.js';
import type { Services } from '@server/services.js';
import { keptCounts, staffAtVenueKey } from '@server/modules/console/shared/row-counts.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

const VENUE_NOT_FOUND = 'That venue was not found.';
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** The venues the scope may see, with how many people work there and their till keys. */
export async function listVenues(opts: { db: Db; scope: ConsoleScope; only?: string }): Promise<ConsoleVenue[]> {
  const { db, scope } = opts;
  const visible =
    scope.venueIds === null
      ? undefined
      : inArray(venues.id, scope.venueIds.length > 0 ? scope.venueIds : ['00000000-0000-0000-0000-000000000000']);
  const rows = await db
    .select()
    .from(venues)
    .where(and(visible, opts.only ? eq(venues.id, opts.only) : undefined))
    .orderBy(asc(venues.name));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [people, keys] = await Promise.all([
    keptCounts(
      db,
      ids.map((id) => staffAtVenueKey(id)),
    ),
    db.select().from(tillKeys).where(inArray(tillKeys.venueId, ids)).orderBy(asc(tillKeys.createdAt)),
  ]);
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    brand: row.brand,
    archived: row.archivedAt !== null,
    people: people.get(staffAtVenueKey(row.id)) ?? 0,
    till_keys: keys
      .filter((key) => key.venueId === row.id)
      .map((key) => ({
        id: key.id,
        created_at: key.createdAt.toISOString(),
        revoked_at: key.revokedAt?.toISOString() ?? null,
      })),
  }));
}

/** @throws AppError NOT_FOUND unless the venue exists and the scope may see it. */
async function venueInScope(db: Db, scope: ConsoleScope, venueId: string): Promise<ConsoleVenue> {
  const [venue] = isUuid(venueId) ? await listVenues({ db, scope, only: venueId }) : [];
  if (!venue) throw new AppError('NOT_FOUND', VENUE_NOT_FOUND);
  return venue;
}

function checkBrand(brand: string | undefined): void {
  if (brand !== undefined && !(BRAND_IDS as readonly string[]).includes(brand)) {
    throw new AppError('BAD_REQUEST', 'Choose one of the group’s brands.', [
      { field: 'brand', error: `Choose ${BRAND_IDS.join(' or ')}` },
    ]);
  }
}

/** @throws AppError CONFLICT when another venue already has `name`. */
async function checkNameFree(db: Db, name: string, except?: string): Promise<void> {
  const [taken] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.name, name), except ? ne(venues.id, except) : undefined))
    .limit(1);
  if (taken)
    throw new AppError('CONFLICT', `A venue is already called "${name}".`, [
      { field: 'name', error: 'Another venue has this name' },
    ]);
}

/** HR adds a venue trading under `brand`, audited. @throws AppError FORBIDDEN, BAD_REQUEST, CONFLICT. */
export async function addVenue(opts: {
  db: Db;
  scope: ConsoleScope;
  name: string;
  brand: string;
  ip: string;
}): Promise<ConsoleVenue> {
  requireHr(opts.scope);
  const id = await createVenue({ ...opts, actor: `staff:${opts.scope.actorId}` });
  return venueInScope(opts.db, opts.scope, id);
}

/**
 * A new venue `name` trading under `brand`, audited as `venue.added` by `actor` (the admin CLI's, or a
 * console user's through addVenue). @returns its id. @throws AppError BAD_REQUEST, CONFLICT.
 */
export async function createVenue(opts: {
  db: Db;
  name: string;
  brand: string;
  actor: string;
  ip?: string;
}): Promise<string> {
  checkBrand(opts.brand);
  await checkNameFree(opts.db, opts.name);
  const [row] = await opts.db
    .insert(venues)
    .values({ name: opts.name, brand: opts.brand })
    .returning({ id: venues.id });
  await audit(opts.db, {
    actor: opts.actor,
    action: 'venue.added',
    ip: opts.ip ?? null,
    details: { venue_id: row!.id, name: opts.name, brand: opts.brand },
  });
  return row!.id;
}

/** HR renames, re-brands, archives or brings back a venue, audited. @throws AppError FORBIDDEN, NOT_FOUND, BAD_REQUEST, CONFLICT. */
export async function updateVenue(opts: {
  db: Db;
  scope: ConsoleScope;
  venueId: string;
  change: { name?: string; brand?: string; archived?: boolean };
  ip: string;
}): Promise<ConsoleVenue> {
  requireHr(opts.scope);
  const before = await venueInScope(opts.db, opts.scope, opts.venueId);
  const { name, brand, archived } = opts.change;
  // Nothing asked: nothing to change or record (an update with no values would be a database error).
  if (name === undefined && brand === undefined && archived === undefined) return before;
  checkBrand(brand);
  if (name !== undefined) await checkNameFree(opts.db, name, before.id);
  await opts.db
    .update(venues)
    .set({ name, brand, archivedAt: archived === undefined ? undefined : archived ? new Date() : null })
    .where(eq(venues.id, before.id));
  await audit(opts.db, {
    actor: `staff:${opts.scope.actorId}`,
    action: 'venue.changed',
    ip: opts.ip,
    details: {
      venue_id: before.id,
      before: { name: before.name, brand: before.brand, archived: before.archived },
      change: opts.change,
    },
  });
  return venueInScope(opts.db, opts.scope, before.id);
}

/** A till key for a venue in scope, shown once (the caller has passed a second factor). @throws AppError NOT_FOUND, BAD_REQUEST for an archived venue. */
export async function createVenueTillKey(opts: {
  services: Services;
  scope: ConsoleScope;
  venueId: string;
}): Promise<{ id: string; key: string; venue: string }> {
  const venue = await venueInScope(opts.services.db, opts.scope, opts.venueId);
  if (venue.archived)
    throw new AppError('BAD_REQUEST', 'That venue is archived: bring it back before giving it a till key.');
  return createTillKey({ services: opts.services, venueId: venue.id, actor: `staff:${opts.scope.actorId}` });
}

/** Stops a till key of a venue in scope working. @throws AppError NOT_FOUND for another venue's or an unknown key. */
export async function revokeVenueTillKey(opts: {
  services: Services;
  scope: ConsoleScope;
  keyId: string;
}): Promise<void> {
  const { services, scope } = opts;
  const [key] = isUuid(opts.keyId)
    ? await services.db.select().from(tillKeys).where(eq(tillKeys.id, opts.keyId)).limit(1)
    : [];
  if (!key || (scope.venueIds !== null && !scope.venueIds.includes(key.venueId)))
    throw new AppError('NOT_FOUND', 'That till key was not found.');
  if (key.revokedAt) return;
  await revokeTillKey({ services, keyId: key.id, actor: `staff:${scope.actorId}` });
}
