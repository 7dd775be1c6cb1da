/**
 * Who may use the console, and over whom (docs/product.md#console-roles): HR sees everyone, a venue manager
 * only the people of the venues they manage, anyone else nothing. Every console service takes the scope
 * and filters by it in SQL, so an id from another venue is simply not found.
 */
import { and, eq, inArray, type SQL } from 'drizzle-orm';
import type { ConsoleRole } from '@shared/api/console/shared.js';
import type { Db } from '@server/db/client.js';
import { staff, venueManagers } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';

/** The console's reach for one request: HR (every venue) or a manager of `venueIds`. */
export type ConsoleScope =
  { actorId: string; role: 'hr'; venueIds: null } | { actorId: string; role: 'manager'; venueIds: string[] };

/** The refusal for anyone without a console role (docs/product.md#console-roles). */
export const NO_CONSOLE_ACCESS = 'You do not have access to the HR console.';
/** The answer for a person outside the scope, the same as for an unknown id. */
export const PERSON_NOT_FOUND = 'That person was not found.';

/**
 * The scope of the signed-in `staffId` holding `role` (read with the session). A manager's venues are
 * read on every call, so a change of role counts at once on every instance.
 * @throws AppError FORBIDDEN without a console role.
 */
export async function consoleScope(opts: { db: Db; staffId: string; role: ConsoleRole | null }): Promise<ConsoleScope> {
  if (opts.role === 'hr') return { actorId: opts.staffId, role: 'hr', venueIds: null };
  if (opts.role === 'manager') {
    const rows = await opts.db
      .select({ venueId: venueManagers.venueId })
      .from(venueManagers)
      .where(eq(venueManagers.staffId, opts.staffId));
    return { actorId: opts.staffId, role: 'manager', venueIds: rows.map((row) => row.venueId) };
  }
  throw new AppError('FORBIDDEN', NO_CONSOLE_ACCESS);
}

/** The condition on `staff` rows this scope may see; a manager of no venue sees no one. */
export function peopleInScope(scope: ConsoleScope): SQL | undefined {
  if (scope.venueIds === null) return undefined;
  return scope.venueIds.length > 0
    ? inArray(staff.venueId, scope.venueIds)
    : eq(staff.id, '00000000-0000-0000-0000-000000000000');
}

/** `condition` and the scope's, for one query. */
export const withinScope = (scope: ConsoleScope, condition: SQL | undefined): SQL | undefined =>
  and(condition, peopleInScope(scope));

/** @throws AppError FORBIDDEN unless the scope is HR's (actions only HR may take). */
export function requireHr(scope: ConsoleScope): void {
  if (scope.role !== 'hr') throw new AppError('FORBIDDEN', 'Only HR can do that.');
}
