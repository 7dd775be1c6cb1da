/**
 * The totals the console's lists show, read from `row_counts`, which triggers keep in step with
 * `staff` and `documents` in each change's transaction (docs/decisions/0050-console-at-scale.md): one
 * look-up by primary key where counting the rows would read every person who ever worked for the group.
 */
import { inArray } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { rowCounts } from '@server/db/schema.js';
import type { ConsoleScope } from './scope.js';

/** The key of the number of people at `venueId` (null: of no venue), as the triggers write it. */
export const staffAtVenueKey = (venueId: string | null) => `staff:venue:${venueId ?? 'none'}`;

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
 * scope may not see it), leavers included, as the people list's unsearched total.
 */
export async function keptPeopleCount(db: Db, scope: ConsoleScope, venueId?: string): Promise<number> {
  const venues = venueId ? [venueId] : scope.venueIds;
  const visible =
    venues === null ? null : venues.filter((id) => scope.venueIds === null || scope.venueIds.includes(id));
  const keys = visible === null ? ['staff'] : visible.map(staffAtVenueKey);
  let total = 0;
  for (const n of (await keptCounts(db, keys)).values()) total += n;
  return total;
}
