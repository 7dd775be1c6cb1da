/**
 * Where a person's details still are: every text and JSON column of every table of the database (found
 * through information_schema, so a table added later is scanned too), every sealed column opened with
 * the key, and the text of every stored file a `files` row names (`pdftotext` for a PDF, UTF-8 for the
 * rest). Answers, for each value looked for, the places that hold it: `table.column`, `table.column
 * (opened)` or `file <bucket>`.
 */
import { spawnSync } from 'node:child_process';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Db } from '@server/db/client.js';
import { files } from '@server/db/schema.js';
import { openField, type FieldKeyring } from '@server/lib/field-crypto.js';
import type { FileStorage } from '@server/lib/file-storage.js';
import { SEALED_COLUMNS } from '@server/lib/sealed-columns.js';

const TEXT_TYPES = ['text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY'];

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

/** The text of a stored file: what a PDF reader shows for a PDF, the bytes as UTF-8 otherwise. */
export function fileText(bytes: Buffer): string {
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-') return bytes.toString('utf8');
  const out = spawnSync('pdftotext', ['-q', '-', '-'], { input: bytes, maxBuffer: 64 * 1024 * 1024 });
  if (out.status !== 0) throw new Error(`pdftotext failed: ${out.stderr.toString()}`);
  return out.stdout.toString('utf8');
}

export async function scanPersonalData(opts: {
  db: Db;
  storage: FileStorage;
  fieldKeys: FieldKeyring;
  values: string[];
}): Promise<Record<string, string[]>> {
  const { db } = opts;
  const wanted = opts.values.map((v) => v.toLowerCase());
  const found: Record<string, Set<string>> = Object.fromEntries(opts.values.map((v) => [v, new Set<string>()]));
  const look = (text: string, place: string) => {
    const lower = text.toLowerCase();
    wanted.forEach((w, i) => {
      if (lower.includes(w)) found[opts.values[i]!]!.add(place);
    });
  };

  const columns = rowsOf<{ table_name: string; column_name: string }>(
    await db.execute(sql`
      select c.table_name, c.column_name from information_schema.columns c
      join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name
      where c.table_schema = current_schema() and t.table_type = 'BASE TABLE'
        and c.data_type in (${sql.join(
          TEXT_TYPES.map((type) => sql`${type}`),
          sql`, `,
        )})
      order by 1, 2`),
  );
  expect(columns.length).toBeGreaterThan(50);
  for (const { table_name: table, column_name: column } of columns) {
    const values = rowsOf<{ v: string }>(
      await db.execute(
        sql`select ${sql.identifier(column)}::text as v from ${sql.identifier(table)} where ${sql.identifier(column)} is not null`,
      ),
    );
    for (const { v } of values) look(v, `${table}.${column}`);
  }

  for (const column of SEALED_COLUMNS) {
    const rows = (await db
      .select({ key: column.key, sealed: column.column })
      .from(column.table)
      .where(sql`${column.column} is not null`)) as { key: string; sealed: string }[];
    for (const row of rows)
      look(openField(opts.fieldKeys, row.sealed, column.context(row.key)), `${column.name} (opened)`);
  }

  for (const file of await db.select({ bucket: files.bucket, key: files.storageKey }).from(files)) {
    const bytes = await opts.storage.get(file.key).catch(() => null);
    if (bytes) look(fileText(bytes), `file ${file.bucket}`);
  }
  return Object.fromEntries(Object.entries(found).map(([v, places]) => [v, [...places].sort()]));
}
