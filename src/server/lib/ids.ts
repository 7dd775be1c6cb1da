/**
 * Checks on identifiers and database errors shared by the services: ids from users are checked
 * before they reach a uuid column (a malformed one would be a database error, not a 404), and a
 * unique-index race is told apart from other failures.
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is a UUID in its usual text form. */
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID.test(value);

/** PostgreSQL 23505 (unique violation), as pg and PGlite report it, directly or as a Drizzle error's cause. */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}
