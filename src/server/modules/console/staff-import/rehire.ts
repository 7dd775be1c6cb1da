/**
 * A leaver brought back (docs/product.md#leavers): a new start date after their leaving date ends the
 * leaving, and their record, history and staff number stay theirs.
 */
import type { staff } from '@server/db/schema.js';

type StaffRow = typeof staff.$inferSelect;

/** Whether `person` has left: a leaving date whose access end (`access_ends_at`) is at or before `now`. */
export const hasLeft = (person: Pick<StaffRow, 'leavingDate' | 'accessEndsAt'>, now: Date): boolean =>
  Boolean(person.leavingDate && person.accessEndsAt && person.accessEndsAt <= now);

/**
 * The staff columns that re-hire a leaver from `startDate` (YYYY-MM-DD), or null when that date is not
 * after their leaving date: leaving date, reason and access end cleared, the console's leaving flag
 * with them (it may still be set until the clean-up round after access ended), the new start date set.
 */
export function rehirePatch(
  person: Pick<StaffRow, 'leavingDate'>,
  startDate: string | undefined,
): Pick<StaffRow, 'leavingDate' | 'leavingReason' | 'accessEndsAt' | 'isLeaving' | 'startDate'> | null {
  if (!person.leavingDate || !startDate || startDate <= person.leavingDate) return null;
  return { leavingDate: null, leavingReason: null, accessEndsAt: null, isLeaving: false, startDate };
}
