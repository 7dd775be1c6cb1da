/**
 * Sealed values that do not open (docs/architecture.md#sealed-fields). A reader that cannot open a sealed
 * field (the key was changed without re-sealing, or the value was copied from another row) answers
 * as if the value were not there, so the member or joiner is not refused; this module makes sure an
 * operator still learns of it: one error per field and row, naming both and never the value. An error,
 * not a warning: a value that does not open is data a member cannot see (a key changed without
 * re-sealing, or a previous key dropped too early; docs/operations.md#keys-and-secrets).
 */
import { LRUCache } from 'lru-cache';

/** The log a reader reports on: the request's (`request.log`), so the line carries the request id. */
export interface SealLog {
  error(details: object, message: string): void;
}

/** The sealed columns whose readers fall back when a value does not open, as `table.column`. */
export type SealedColumn =
  | 'staff.bank_account_sealed'
  | 'staff.sort_code_sealed'
  | 'staff.ni_number_sealed'
  | 'onboardings.answers_sealed'
  | 'onboarding_drafts.answers_sealed';

/** The error's message: stable, so an alert can match it. */
export const UNOPENED_SEAL_MESSAGE = 'sealed value did not open';

/**
 * How many field and row pairs a process remembers as warned: about 1 MB at most. A list of rows
 * that all fail (a changed key) warns once per row on the first request and not on the next ones.
 */
export const WARNED_CAPACITY = 10_000;

/**
 * Field and row pairs already warned of, the least recently seen forgotten first (lru-cache), so a
 * long-lived process does not grow without end and a row that keeps failing stays remembered.
 */
const warned = new LRUCache<string, true>({ max: WARNED_CAPACITY });

/**
 * Reports that the sealed `field` of row `rowId` did not open: an error `{ field, rowId }` with
 * UNOPENED_SEAL_MESSAGE, once per field and row in this process. Never pass it the
 * sealed or opened value or the error: a JSON parse error quotes the text it failed on.
 *
 * This is the one place every failure to open passes through, so it is where a metric goes once the
 * server has metrics: a counter such as `sealed_values_unopened_total{field}`, incremented on every
 * call (before the once-per-row check, so its rate shows a failure that persists), labelled by the
 * field alone (row ids would be a label without bound).
 */
export function reportUnopenedSeal(opts: { log: SealLog; field: SealedColumn; rowId: string }): void {
  const key = `${opts.field}:${opts.rowId}`;
  // get() marks the pair as recently seen, so a row that keeps failing is the last to be forgotten.
  if (warned.get(key)) return;
  warned.set(key, true);
  opts.log.error({ field: opts.field, rowId: opts.rowId }, UNOPENED_SEAL_MESSAGE);
}
