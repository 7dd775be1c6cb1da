/** Who is using the console: `GET /admin/me` (docs/product.md#console-roles). */
import { asc, eq } from 'drizzle-orm';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Db } from '@server/db/client.js';
import { venueManagers, venues } from '@server/db/schema.js';
import type { ConsoleScope } from './scope.js';

/** The signed-in console user's role, the venues they may see (all venues for HR), and whether password links exist. */
export async function getConsoleMe(opts: { db: Db; scope: ConsoleScope; passwordLinks: boolean }): Promise<ConsoleMe> {
  const { db, scope } = opts;
  const rows =
    scope.venueIds === null
      ? await db.select({ id: venues.id, name: venues.name }).from(venues).orderBy(asc(venues.name))
      : await db
          .select({ id: venues.id, name: venues.name })
          .from(venueManagers)
          .innerJoin(venues, eq(venues.id, venueManagers.venueId))
          .where(eq(venueManagers.staffId, scope.actorId))
          .orderBy(asc(venues.name));
  return { role: scope.role, venues: rows, password_links: opts.passwordLinks };
}
