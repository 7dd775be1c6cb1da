/**
 * The start's check that ENCRYPTION_KEY (or a key of ENCRYPTION_KEYS_PREVIOUS) opens the data of this
 * database (docs/decisions/0056-field-key-ids-and-rotation.md): a database restored beside the wrong
 * key would otherwise serve every sealed value as empty (bank details masked after step-up, payroll
 * files with empty bank columns) without a word.
 */
import { isNotNull, ne } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { fieldKeyChecks } from '@server/db/schema.js';
import { openField, sealedKeyId, sealField, type FieldKeyring } from './field-crypto.js';
import { SEALED_COLUMNS } from './sealed-columns.js';

/** The text each check value seals; what matters is that it opens, not what it says. */
const CHECK_TEXT = 'staffroom field key check';
const checkContext = (kid: string) => `field-key-check:${kid}`;
/** Values read per sealed column when the database has no check value yet: one copied from another row must not stop the start alone. */
const PROBES_PER_COLUMN = 3;

/** The start stops: no configured key opens the data in this database. The message names key ids only. */
export class FieldKeyMismatchError extends Error {
  constructor(
    /** The id of the key the data is under, or null for values sealed before key ids. */
    readonly sealedUnder: string | null,
    keys: FieldKeyring,
  ) {
    const under = sealedUnder ? `sealed under key id ${sealedUnder}` : 'sealed under a key from before key ids';
    const configured =
      keys.all.length > 1
        ? `the configured keys are ${keys.all.map((k) => k.id).join(', ')}`
        : `the configured key is ${keys.current.id}`;
    super(
      `ENCRYPTION_KEY does not open the data in this database (${under}; ${configured}). Start with the key kept with this database's backups, or list the old key in ENCRYPTION_KEYS_PREVIOUS while re-sealing.`,
    );
    this.name = 'FieldKeyMismatchError';
  }
}

function opens(keys: FieldKeyring, sealed: string, context: string): boolean {
  try {
    openField(keys, sealed, context);
    return true;
  } catch {
    return false;
  }
}

/**
 * Checks that a configured key opens this database's sealed data, then stores a check value for the
 * current key when there is none. With check values stored, one must open; without (a database from
 * before check values, or a new one), a few sealed values of each column are tried, and one must open
 * if there are any. Safe on several instances starting at once (the insert keeps the first).
 * @returns whether a check value was written for the current key.
 * @throws FieldKeyMismatchError when the data is under keys none of which is configured.
 */
export async function checkFieldKeys(opts: { db: Db; keys: FieldKeyring }): Promise<boolean> {
  const { db, keys } = opts;
  const checks = await db
    .select({ kid: fieldKeyChecks.kid, sealed: fieldKeyChecks.checkSealed, createdAt: fieldKeyChecks.createdAt })
    .from(fieldKeyChecks);
  if (checks.length) {
    if (!checks.some((c) => opens(keys, c.sealed, checkContext(c.kid)))) {
      const newest = checks.reduce((a, b) => (b.createdAt > a.createdAt ? b : a));
      throw new FieldKeyMismatchError(newest.kid, keys);
    }
  } else {
    let unopened: string | undefined;
    probing: for (const column of SEALED_COLUMNS) {
      const rows = (await db
        .select({ key: column.key, sealed: column.column })
        .from(column.table)
        .where(isNotNull(column.column))
        .limit(PROBES_PER_COLUMN)) as { key: string; sealed: string }[];
      for (const row of rows) {
        if (opens(keys, row.sealed, column.context(row.key))) {
          unopened = undefined;
          break probing;
        }
        unopened ??= row.sealed;
      }
    }
    if (unopened !== undefined) throw new FieldKeyMismatchError(sealedKeyId(unopened), keys);
  }
  if (checks.some((c) => c.kid === keys.current.id)) return false;
  const written = await db
    .insert(fieldKeyChecks)
    .values({ kid: keys.current.id, checkSealed: sealField(keys, CHECK_TEXT, checkContext(keys.current.id)) })
    .onConflictDoNothing()
    .returning({ kid: fieldKeyChecks.kid });
  return written.length > 0;
}

/**
 * Forgets the check values of every key but the current one, once nothing is sealed under them (the
 * caller counts first): a start with an old key then stops, instead of passing on its check value and
 * reading the re-sealed data as empty. @returns the key ids forgotten.
 */
export async function forgetOldKeyChecks(opts: { db: Db; keys: FieldKeyring }): Promise<string[]> {
  const gone = await opts.db
    .delete(fieldKeyChecks)
    .where(ne(fieldKeyChecks.kid, opts.keys.current.id))
    .returning({ kid: fieldKeyChecks.kid });
  return gone.map((g) => g.kid);
}
