// @vitest-environment node
import { PGlite } from '@electric-sql/pglite';
import { eq, getTableColumns, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/pglite';
import { boolean, date, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jsonObject } from './json-object.js';

const people = pgTable('people', {
  id: integer('id').primaryKey(),
  name: text('name').notNull(),
  nickname: text('nickname'),
  bornOn: date('born_on', { mode: 'string' }),
  active: boolean('active').notNull(),
  seenAt: timestamp('seen_at', { withTimezone: true, mode: 'date' }).notNull(),
  leftAt: timestamp('left_at', { withTimezone: true, mode: 'date' }),
});

describe('jsonObject', () => {
  const client = new PGlite();
  const db = drizzle(client);

  beforeAll(async () => {
    await client.exec(`create table people (id int primary key, name text not null, nickname text, born_on date,
      active boolean not null, seen_at timestamptz not null, left_at timestamptz)`);
    await db.insert(people).values([
      {
        id: 1,
        name: "O'Brien",
        nickname: null,
        bornOn: '1990-02-28',
        active: true,
        seenAt: new Date('2026-11-23T10:11:12.345Z'),
        leftAt: null,
      },
      {
        id: 2,
        name: 'Lee',
        nickname: 'Kim',
        bornOn: null,
        active: false,
        seenAt: new Date('2025-01-01T00:00:00.001Z'),
        leftAt: new Date('2026-06-30T23:59:59Z'),
      },
    ]);
  });
  afterAll(() => client.close());

  it('answers each row as selecting the columns one by one does: same values, Dates for timestamps, nulls kept', async () => {
    for (const id of [1, 2]) {
      const [plain] = await db.select().from(people).where(eq(people.id, id));
      const [found] = await db
        .select({ row: jsonObject(getTableColumns(people)) })
        .from(people)
        .where(eq(people.id, id));
      const row = found!.row;
      expect(row).toEqual(plain);
      expect(row.seenAt).toBeInstanceOf(Date);
    }
  });

  it('nests objects and maps typed SQL fields with their own mapping', async () => {
    const [found] = await db
      .select({
        row: jsonObject({
          name: people.name,
          person: jsonObject({ seenAt: people.seenAt, leftAt: people.leftAt }),
          years: sql<number>`2000 + ${people.id}`.mapWith((n: number) => n * 2),
        }),
      })
      .from(people)
      .where(eq(people.id, 2));
    expect(found!.row).toEqual({
      name: 'Lee',
      person: { seenAt: new Date('2025-01-01T00:00:00.001Z'), leftAt: new Date('2026-06-30T23:59:59Z') },
      years: 4004,
    });
  });

  it('refuses more fields than PostgreSQL takes arguments for', () => {
    const many = Object.fromEntries(Array.from({ length: 51 }, (_, i) => [`f${i}`, people.name]));
    expect(() => jsonObject(many)).toThrow(/at most 50 fields/);
  });
});
