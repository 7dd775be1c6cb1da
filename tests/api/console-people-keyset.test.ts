/**
 * The people list read on by its `after` cursor (docs/decisions/0065-people-keyset-paging.md): walking
 * every page by `meta.next` gives exactly the people, in exactly the order, that paging by offset gives,
 * for each sort and direction, searched and filtered, across people without a position, a start date or
 * a venue and people with the same name; a cursor that is not the server's, or not for the list asked
 * for, is a 400 in the error envelope.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { encodePeopleCursor } from '@server/modules/console/people/cursor.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { generateStaff } from './helpers/generated-staff.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';
/** Small pages, so that the walk crosses the nulls and the ties at a page's edge. */
const PER_PAGE = 7;
const SORTS = ['name', 'venue', 'position', 'start_date'] as const;
const DIRECTIONS = ['asc', 'desc'] as const;
/** Everyone; a search long enough for the trigram indexes; one too short for them; the leavers. */
const LISTS = ['', '&search=member', '&search=em', '&status=left'];

interface Page {
  data: { id: string }[];
  meta: { page: number; per_page: number; total: number; next: string | null };
}

describe.each(DATABASES)('the people list by cursor on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };
  let hr: Browser;

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.app.database;
    await generateStaff((statement) => db.execute(sql.raw(statement)), 60);
    // Nulls in each nullable sort column, and names and sort values shared, so ids break the ties.
    await db.execute(sql`update staff set position = null where email_address ~ '^staff[0-9]*[03]@'`);
    await db.execute(sql`update staff set start_date = null where email_address ~ '^staff[0-9]*[14]@'`);
    await db.execute(sql`update staff set venue_id = null where email_address ~ '^staff[0-9]*[25]@'`);
    await db.execute(
      sql`update staff set forename = 'Gen', surname = 'Member', start_date = '2021-06-01' where email_address ~ '^staff[0-9]*[67]@'`,
    );
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    hr = await signedInBrowser(t.app, PORTAL, HR);
  });
  afterAll(() => t.dropAll());

  const get = async (query: string): Promise<Page> => {
    const res = await hr.get(api(`/admin/people?per_page=${PER_PAGE}${query}`));
    expect(res.status, `${query}: ${res.body}`).toBe(200);
    return res.json();
  };

  for (const sort of SORTS)
    for (const direction of DIRECTIONS)
      it(`walks every page by next as paging by offset does: ${sort} ${direction}`, async () => {
        for (const list of LISTS) {
          const query = `&sort=${sort}&direction=${direction}${list}`;
          const first = await get(query);
          const pages = Math.ceil(first.meta.total / PER_PAGE);
          expect(pages, query).toBeGreaterThan(1);
          const byOffset = [first];
          for (let page = 2; page <= pages; page++) byOffset.push(await get(`${query}&page=${page}`));
          const byCursor = [first];
          for (let page = 2; byCursor.at(-1)!.meta.next; page++) {
            const next = byCursor.at(-1)!.meta.next!;
            const read = await get(`${query}&page=${page}&after=${encodeURIComponent(next)}`);
            expect(read.meta, query).toMatchObject({ page, per_page: PER_PAGE, total: first.meta.total });
            byCursor.push(read);
          }
          const ids = (walk: Page[]) => walk.flatMap((page) => page.data.map((person) => person.id));
          expect(ids(byCursor), query).toEqual(ids(byOffset));
          expect(new Set(ids(byCursor)).size, query).toBe(first.meta.total);
          // The last page says so, whichever way it was reached; every other page has a next.
          expect(byOffset.map((page) => page.meta.next === null)).toEqual(byOffset.map((_, i) => i === pages - 1));
          expect(byCursor.at(-1)!.meta.next, query).toBeNull();
        }
      });

  it('refuses a cursor that is not the server’s or not for the list asked for, with a 400', async () => {
    const first = await get('&sort=position');
    const next = first.meta.next!;
    const [body, sig] = next.split('.') as [string, string];
    const decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
    const altered = Buffer.from(JSON.stringify({ ...decoded, keys: [null, "'; drop table staff; --"] })).toString(
      'base64url',
    );
    const signedWith = (cursor: unknown) =>
      encodePeopleCursor(t.app.services, cursor as Parameters<typeof encodePeopleCursor>[1]);
    const refused = [
      ['garbage', '&sort=position', 'not-a-cursor'],
      ['altered values under the old signature', '&sort=position', `${altered}.${sig}`],
      ['no signature', '&sort=position', body],
      ['signed with another secret', '&sort=position', `${body}.${'A'.repeat(43)}`],
      ['another sort', '&sort=name', next],
      ['another direction', '&sort=position&direction=desc', next],
      ['a number for a name', '&sort=position', signedWith({ ...decoded, keys: [1, 2] })],
      ['not an id', '&sort=position', signedWith({ ...decoded, id: "1' or '1'='1" })],
      [
        'not a date',
        '&sort=start_date',
        signedWith({ ...decoded, sort: 'start_date', keys: ['the first of May', 'Member'] }),
      ],
    ] as const;
    for (const [what, query, after] of refused) {
      const res = await hr.get(
        api(`/admin/people?per_page=${PER_PAGE}${query}&page=2&after=${encodeURIComponent(after)}`),
      );
      expect(res.status, what).toBe(400);
      expect(res.json().errors.message, what).toEqual(expect.any(String));
    }
    // Nothing changed: the list reads as it did.
    expect(await get('&sort=position')).toEqual(first);
  });
});
