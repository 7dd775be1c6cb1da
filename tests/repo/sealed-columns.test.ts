/**
 * Every sealed column is known to the key check, `keys reseal` and `keys status`
 * (src/server/lib/sealed-columns.ts): a schema column named `*_sealed` missing from SEALED_COLUMNS
 * would keep its values under an old key after a rotation, and they would stop opening once it is dropped.
 */
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema.js';
import { SEALED_COLUMNS } from '@server/lib/sealed-columns.js';

/** Sealed on purpose under one key each and never re-sealed: a key's check value is what proves that key. */
const NOT_RESEALED = ['field_key_checks.check_sealed'];

describe('sealed columns', () => {
  it('lists every *_sealed column of the schema for the re-seal', () => {
    const sealed = (Object.values(schema) as unknown[])
      .filter((table): table is PgTable => is(table, PgTable))
      .flatMap((table) => {
        const { name, columns } = getTableConfig(table);
        return columns.filter((c) => c.name.endsWith('_sealed')).map((c) => `${name}.${c.name}`);
      });
    expect(sealed.length).toBeGreaterThan(5);
    const listed = [...SEALED_COLUMNS.map((c) => c.name), ...NOT_RESEALED];
    expect(sealed.filter((name) => !listed.includes(name))).toEqual([]);
  });

  it('names each listed column as the database does, with its table', () => {
    for (const c of SEALED_COLUMNS) expect(c.name).toBe(`${getTableConfig(c.table).name}.${c.column.name}`);
  });
});
