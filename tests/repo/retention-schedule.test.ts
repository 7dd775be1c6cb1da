/**
 * The retention schedule (docs/product.md#retention) has a row for every table of the schema that holds
 * personal data: each table is named either in the schedule's table or in its list of tables without
 * personal data, and a table that refers to a person, or has a column that is personal by its name,
 * cannot be in that list. Every setting the schedule names exists in config and in operations.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '@server/db/schema.js';

/** Read from the repository's root, where the test runs. */
const read = (file: string) => fs.readFileSync(path.resolve(file), 'utf8');

const tables = Object.values(schema as Record<string, unknown>)
  .filter((value): value is PgTable => value instanceof PgTable)
  .map((table) => getTableConfig(table));

/** Columns personal by their name alone: addresses, browsers, contact details, sealed values. */
const PERSONAL_COLUMN = /(^|_)(ip|user_agent|email|email_address|mobile|phone)$|_sealed$/;
/** Tables personal by what their free-form column holds, with no telling column name. */
const PERSONAL_CONTENT = new Map([
  ['rate_limits', 'keys name an email address or a network address'],
  ['oidc_payloads', "the provider's records name the account"],
]);
/** Sealed on purpose and holding no one's data: a fixed text under each key, the group's signing key. */
const NOT_PERSONAL_SEALED = ['field_key_checks.check_sealed', 'signing_certificates.private_key_sealed'];

/** The tables that, by their shape, hold personal data. */
function personalTables(): string[] {
  return tables
    .filter(
      (t) =>
        t.name === 'staff' ||
        PERSONAL_CONTENT.has(t.name) ||
        t.foreignKeys.some((key) => getTableConfig(key.reference().foreignTable).name === 'staff') ||
        t.columns.some((c) => PERSONAL_COLUMN.test(c.name) && !NOT_PERSONAL_SEALED.includes(`${t.name}.${c.name}`)),
    )
    .map((t) => t.name);
}

/** The retention section of docs/product.md: the tables its rows name, and those it lists as holding none. */
function schedule(): { rows: Set<string>; none: Set<string>; text: string } {
  const product = read('docs/product.md');
  const start = product.indexOf('\n## Retention\n');
  expect(start, 'docs/product.md has a "## Retention" section').toBeGreaterThan(0);
  const end = product.indexOf('\n## ', start + 1);
  const text = product.slice(start, end);
  const names = (s: string) => [...s.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!);
  const rows = new Set(
    text
      .split('\n')
      .filter((line) => line.startsWith('| `'))
      .flatMap((line) => names(line.split('|')[1]!.replace(/\([^)]*\)/g, ''))),
  );
  const noneAt = text.indexOf('Tables without personal data:');
  expect(noneAt).toBeGreaterThan(0);
  const none = new Set(names(text.slice(noneAt, text.indexOf('\n\n', noneAt))));
  return { rows, none, text };
}

describe('the retention schedule', () => {
  it('has a row for every table with personal data, and places every other table', () => {
    const { rows, none } = schedule();
    const personal = personalTables();
    expect(personal.length).toBeGreaterThan(15);
    expect(personal.filter((name) => !rows.has(name))).toEqual([]);
    expect(personal.filter((name) => none.has(name))).toEqual([]);
    expect(tables.map((t) => t.name).filter((name) => !rows.has(name) && !none.has(name))).toEqual([]);
  });

  it('names only tables that exist', () => {
    const { rows, none } = schedule();
    const names = new Set(tables.map((t) => t.name));
    expect([...rows, ...none].filter((name) => !names.has(name))).toEqual([]);
  });

  it('names settings that config reads and operations.md documents', () => {
    const settings = new Set([...schedule().text.matchAll(/`(RETENTION_[A-Z_]+)`/g)].map((m) => m[1]!));
    expect(settings.size).toBeGreaterThanOrEqual(10);
    const config = read('src/server/config.ts');
    const operations = read('docs/operations.md');
    for (const setting of settings) {
      expect(config, setting).toContain(`${setting}:`);
      expect(operations, setting).toContain(`| \`${setting}\` |`);
    }
  });
});
