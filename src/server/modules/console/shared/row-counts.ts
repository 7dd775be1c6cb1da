/**
 * The totals the console's lists show, read from `row_counts`, which triggers keep in step with
 * `staff` and `documents` in each change's transaction (docs/decisions/0050-console-at-scale.md): one
 * look-up by primary key where counting the rows would read every person who ever worked for the group.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { rowCounts } from '@server/db/schema.js';
import type { ConsoleScope } from './scope.js';

/**
 * Which people a kept count counts: everyone (leavers included) or the current people, those with no
 * access end recorded (docs/product.md#leavers: neither leaving nor left).
 */
export type KeptPeople = 'all' | 'current';

const PEOPLE_PREFIX: Record<KeptPeople, string> = { all: 'staff', current: 'staff:current' };

/** The key of the number of people (`which` of them) at `venueId` (null: of no venue), as the triggers write it. */
export const staffAtVenueKey = (venueId: string | null, which: KeptPeople = 'all') =>
  `${PEOPLE_PREFIX[which]}:venue:${venueId ?? 'none'}`;

/** The counts of `keys`, each 0 when never counted. */
export async function keptCounts(db: Db, keys: string[]): Promise<Map<string, number>> {
  const rows = keys.length
    ? await db.select({ key: rowCounts.key, n: rowCounts.n }).from(rowCounts).where(inArray(rowCounts.key, keys))
    : [];
  const found = new Map(rows.map((row) => [row.key, row.n]));
  return new Map(keys.map((key) => [key, found.get(key) ?? 0]));
}

/**
 * The number of people the scope may see, all of them or those of `venueId` alone (none when the
 * scope may not see it): leavers included (`which` 'all', the people list's unsearched total), or the
 * current people alone (the total of its "current" filter).
 */
export async function keptPeopleCount(
  db: Db,
  scope: ConsoleScope,
  venueId?: string,
  which: KeptPeople = 'all',
): Promise<number> {
  const venues = venueId ? [venueId] : scope.venueIds;
  const visible =
    venues === null ? null : venues.filter((id) => scope.venueIds === null || scope.venueIds.includes(id));
  const keys = visible === null ? [PEOPLE_PREFIX[which]] : visible.map((id) => staffAtVenueKey(id, which));
  let total = 0;
  for (const n of (await keptCounts(db, keys)).values()) total += n;
  return total;
}
