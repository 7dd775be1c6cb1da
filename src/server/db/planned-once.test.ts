// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { drizzle } from 'drizzle-orm/pglite';
import pg from 'pg';
import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonObject, readJsonObject } from './json-object.js';
import { plainLiteral, plannedOnce } from './planned-once.js';

const badges = pgTable('badges', {
  id: integer('id').primaryKey(),
  tokenHash: text('token_hash').notNull(),
  holder: text('holder').notNull(),
  issuedAt: timestamp('issued_at', { withTimezone: true, mode: 'date' }).notNull(),
});

// Through drizzle's extended-protocol query, and through the simple protocol the server uses (client.ts).
describe.each([
  ['drizzle', false],
  ['the simple query protocol', true],
])('plannedOnce on PGlite, through %s', (_via, simple) => {
  const client = new PGlite();
  const db = drizzle(client);
  const sent: string[] = [];
  const simpleQuery = async (text: string) => {
    sent.push(text);
    return ((await client.exec(text))[0]?.rows ?? []) as Record<string, unknown>[];
  };
  const database = { db: db as never, kind: 'pglite' as const, ...(simple ? { simpleQuery } : {}) };
  const row = jsonObject(getTableColumns(badges));
  const byHash = () =>
    db
      .select({ row })
      .from(badges)
      .where(eq(badges.tokenHash, sql.placeholder('tokenHash')))
      .limit(1);
  const decode = (columns: Record<string, unknown>) => ({ row: readJsonObject(row, Object.values(columns)[0]) });

  beforeAll(async () => {
    await client.exec(
      'create table badges (id int primary key, token_hash text not null, holder text not null, issued_at timestamptz not null)',
    );
    await db.insert(badges).values([
      { id: 1, tokenHash: 'a1b2', holder: "O'Brien", issuedAt: new Date('2026-11-23T10:11:12.345Z') },
      { id: 2, tokenHash: 'c3d4', holder: 'Lee', issuedAt: new Date('2025-01-01T00:00:00.001Z') },
    ]);
  });
  afterAll(() => client.close());

  it('answers what the same drizzle query answers, for each value, and nothing for an unknown one', async () => {
    const find = plannedOnce(database, 'badge_by_hash', byHash(), decode);
    for (const tokenHash of ['a1b2', 'c3d4', 'ffff']) {
      expect(await find({ tokenHash })).toEqual(await byHash().execute({ tokenHash }));
    }
    expect((await find({ tokenHash: 'a1b2' }))[0]!.row.issuedAt).toEqual(new Date('2026-11-23T10:11:12.345Z'));
    expect(sent.filter((text) => text.startsWith('execute badge_by_hash'))).toHaveLength(simple ? 4 : 0);
  });

  it('is planned once: the statement is prepared in the connection, and a second app on it reuses the name', async () => {
    const again = plannedOnce(database, 'badge_by_hash', byHash(), decode);
    expect(await again({ tokenHash: 'c3d4' })).toHaveLength(1);
    const { rows } = await client.query<{ name: string }>('select name from pg_prepared_statements');
    expect(rows.map((r) => r.name)).toContain('badge_by_hash');
  });

  it('refuses a value that would need quoting, and runs nothing with it', async () => {
    const find = plannedOnce(database, 'badge_by_hash_2', byHash(), decode);
    await expect(find({ tokenHash: "x' or '1'='1" })).rejects.toThrow(/plain text/);
    await expect(find({ tokenHash: 'a1b2; drop table badges' })).rejects.toThrow(/plain text/);
    expect((await client.query('select count(*)::int as n from badges')).rows).toEqual([{ n: 2 }]);
  });
});

// On PostgreSQL when the tests have one (CI exports TEST_DATABASE_URL), in a schema of its own.
describe.skipIf(!process.env.TEST_DATABASE_URL)('plannedOnce on PostgreSQL', () => {
  const schema = `planned_once_${process.pid}_${Date.now().toString(36)}`;
  const pool = new pg.Pool({
    connectionString: process.env.TEST_DATABASE_URL,
    max: 1,
    options: `-c search_path=${schema}`,
  });
  const db = drizzlePg(pool);
  const database = { db: db as never, kind: 'postgres' as const, pool };
  const row = jsonObject(getTableColumns(badges));
  const byHash = () =>
    db
      .select({ row })
      .from(badges)
      .where(eq(badges.tokenHash, sql.placeholder('tokenHash')))
      .limit(1);
  const decode = (columns: Record<string, unknown>) => ({ row: readJsonObject(row, Object.values(columns)[0]) });

  beforeAll(async () => {
    await pool.query(`create schema ${schema}`);
    await pool.query(
      'create table badges (id int primary key, token_hash text not null, holder text not null, issued_at timestamptz not null)',
    );
    await db.insert(badges).values([
      { id: 1, tokenHash: 'a1b2', holder: "O'Brien", issuedAt: new Date('2026-11-23T10:11:12.345Z') },
      { id: 2, tokenHash: 'c3d4', holder: 'Lee', issuedAt: new Date('2025-01-01T00:00:00.001Z') },
    ]);
  });
  afterAll(async () => {
    await pool.query(`drop schema ${schema} cascade`);
    await pool.end();
  });

  it('answers what the same drizzle query answers, for each value, and nothing for an unknown one', async () => {
    const find = plannedOnce(database, 'badge_by_hash', byHash(), decode);
    for (const tokenHash of ['a1b2', 'c3d4', 'ffff']) {
      expect(await find({ tokenHash })).toEqual(await byHash().execute({ tokenHash }));
    }
    expect((await find({ tokenHash: 'a1b2' }))[0]!.row).toEqual({
      id: 1,
      tokenHash: 'a1b2',
      holder: "O'Brien",
      issuedAt: new Date('2026-11-23T10:11:12.345Z'),
    });
  });

  it('is a named statement prepared in the connection', async () => {
    const { rows } = await pool.query<{ name: string }>('select name from pg_prepared_statements');
    expect(rows.map((r) => r.name)).toContain('badge_by_hash');
  });

  it('sends values as parameters: one that would end a literal finds nothing and changes nothing', async () => {
    const find = plannedOnce(database, 'badge_by_hash_2', byHash(), decode);
    expect(await find({ tokenHash: "x' or '1'='1" })).toEqual([]);
    expect(await find({ tokenHash: "a1b2'; drop table badges; --" })).toEqual([]);
    expect((await pool.query('select count(*)::int as n from badges')).rows).toEqual([{ n: 2 }]);
  });

  it('passes a database error on to the caller', async () => {
    const broken = plannedOnce(
      database,
      'badge_by_hash_3',
      db
        .select({ n: sql`1 / 0` })
        .from(badges)
        .where(eq(badges.tokenHash, sql.placeholder('tokenHash'))),
      (columns) => columns,
    );
    await expect(broken({ tokenHash: 'a1b2' })).rejects.toThrow(/division by zero/);
  });
});

describe('plainLiteral', () => {
  it('writes hex digests, identifiers and whole numbers as they are, and refuses the rest', () => {
    expect(plainLiteral('9f86d081884c7d65')).toBe("'9f86d081884c7d65'");
    expect(plainLiteral(1)).toBe('1');
    for (const bad of ["'", 'a b', '1.5', 1.5, null, undefined, {}, 'é']) expect(() => plainLiteral(bad)).toThrow();
  });
});
