/**
 * Re-sealing every sealed value under the current key, and counting what is under each key
 * (`npm run admin -- keys reseal` and `keys status`; docs/operations.md#keys-and-secrets,
 * docs/decisions/0056-field-key-ids-and-rotation.md). Safe while instances serve: a value is replaced
 * only if it is still the one that was read, so a write in between wins; and resumable: it only
 * reads values not under the current key.
 */
import { and, asc, eq, getTableColumns, gt, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { openField, sealField, type FieldKeyring } from './field-crypto.js';
import { SEALED_COLUMNS, type SealedColumn } from './sealed-columns.js';

/** Rows read and re-sealed at a time. */
export const RESEAL_BATCH = 500;

/** How far the re-seal of one column went. */
export interface ResealProgress {
  /** `table.column`. */
  column: string;
  /** Values now sealed under the current key. */
  resealed: number;
  /** Values no configured key opens, left as they are (their readers show them as empty). */
  unopened: number;
  /** Values changed by another writer between the read and the update: the other write stands (under the current key). */
  changedMeanwhile: number;
}

/** True for a value sealed under the current key: its prefix `v2.<key id>.`, compared as text (a key id may hold `_`, a LIKE wildcard). */
const underCurrent = (column: SealedColumn, keys: FieldKeyring): SQL =>
  sql`left(${column.column}, ${`v2.${keys.current.id}.`.length}) = ${`v2.${keys.current.id}.`}`;

/**
 * Re-seals, column by column and `batchSize` rows at a time in the order of the row's key, every value
 * not under the current key, telling `onBatch` after each batch (progress per column). Values no
 * configured key opens are counted and left.
 */
export async function resealFields(opts: {
  db: Db;
  keys: FieldKeyring;
  batchSize?: number;
  onBatch?: (progress: ResealProgress) => void | Promise<void>;
}): Promise<ResealProgress[]> {
  const { db, keys } = opts;
  const batchSize = opts.batchSize ?? RESEAL_BATCH;
  const report: ResealProgress[] = [];
  for (const column of SEALED_COLUMNS) {
    const progress: ResealProgress = { column: column.name, resealed: 0, unopened: 0, changedMeanwhile: 0 };
    // drizzle's set() takes the schema's property name (`bankAccountSealed`), not the column's.
    const property = Object.entries(getTableColumns(column.table)).find(([, c]) => c === column.column)![0];
    let after: string | undefined;
    for (;;) {
      const rows = (await db
        .select({ key: column.key, sealed: column.column })
        .from(column.table)
        .where(
          and(
            isNotNull(column.column),
            sql`not (${underCurrent(column, keys)})`,
            after === undefined ? undefined : gt(column.key, after),
          ),
        )
        .orderBy(asc(column.key))
        .limit(batchSize)) as { key: string; sealed: string }[];
      if (!rows.length) break;
      after = rows.at(-1)!.key;
      for (const row of rows) {
        let plain: string;
        try {
          plain = openField(keys, row.sealed, column.context(row.key));
        } catch {
          progress.unopened++;
          continue;
        }
        const updated = await db
          .update(column.table)
          .set({ [property]: sealField(keys, plain, column.context(row.key)) })
          .where(and(eq(column.key, row.key), eq(column.column, row.sealed)))
          .returning({ key: column.key });
        if (updated.length) progress.resealed++;
        else progress.changedMeanwhile++;
      }
      await opts.onBatch?.({ ...progress });
      if (rows.length < batchSize) break;
    }
    report.push(progress);
  }
  return report;
}

/** How many values of one column are under one key id (null: sealed before key ids). */
export interface SealedCount {
  column: string;
  kid: string | null;
  count: number;
}

/** Counts the sealed values of every column by the key id they name. */
export async function countSealedByKey(db: Db): Promise<SealedCount[]> {
  const counts: SealedCount[] = [];
  for (const column of SEALED_COLUMNS) {
    const kid = sql<
      string | null
    >`case when split_part(${column.column}, '.', 1) = 'v2' then split_part(${column.column}, '.', 2) end`;
    const rows = await db
      .select({ kid, count: sql<number>`count(*)::int` })
      .from(column.table)
      .where(isNotNull(column.column))
      .groupBy(kid);
    for (const row of rows) counts.push({ column: column.name, kid: row.kid, count: Number(row.count) });
  }
  return counts;
}
