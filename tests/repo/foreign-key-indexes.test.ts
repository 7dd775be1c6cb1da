/**
 * Every foreign key has an index whose first column is the key's (docs/architecture.md#data-and-files):
 * without one, deleting the row it points at (a file, a venue, a staff member) reads the whole
 * referencing table, which at 100,000 staff takes tens of milliseconds per delete.
 */
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema.js';

const tables = Object.values(schema as Record<string, unknown>).filter(
  (value): value is PgTable => value instanceof PgTable,
);

/** `table.column` for every foreign key column no index (or primary key) starts with. */
function unindexedForeignKeys(): string[] {
  return tables.flatMap((table) => {
    const config = getTableConfig(table);
    const leading = new Set<string>([
      ...config.indexes.map((index) => (index.config.columns[0] as { name?: string } | undefined)?.name ?? ''),
      ...config.primaryKeys.map((key) => key.columns[0]?.name ?? ''),
      ...config.columns.filter((column) => column.primary).map((column) => column.name),
    ]);
    return config.foreignKeys
      .map((key) => key.reference().columns[0]!.name)
      .filter((column) => !leading.has(column))
      .map((column) => `${config.name}.${column}`);
  });
}

describe('foreign keys', () => {
  it('each have an index that starts with their column', () => {
    expect(tables.length).toBeGreaterThan(10);
    expect(unindexedForeignKeys()).toEqual([]);
  });
});
