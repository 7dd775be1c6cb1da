/**
 * The console's person and document searches mean one thing however they are answered
 * (docs/product.md#people): a text found anywhere, case-insensitively, in a person's full name,
 * preferred name or email address (or a document's title). The queries narrow through indexes (an
 * address's halves, its reversed local part: docs/decisions/0070-console-searches-read-once.md);
 * here their rows and totals are compared with the plain definition, `ILIKE '%text%'` over the whole
 * columns, run by the same database, for texts on either side of an `@`, across it, with LIKE's
 * wildcards, in another case and beyond ASCII.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';

/** Forename, surname, preferred name, address; each person is also issued one document titled after them. */
const PEOPLE: [string, string, string | null, string][] = [
  ['Gen', 'Member777', null, 'staff777@generated.example'],
  ['Gen', 'Member7777', null, 'staff7777@generated.example'],
  ['Gen', 'Xmember777', null, 'xstaff777@generated.example'],
  ['Gen', 'Other', null, 'staff777@generated.example.org'],
  ['Gen', 'Elsewhere', null, 'staff777@other.example'],
  ['Gen', 'Upper', null, 'STAFF777@Generated.Example'],
  ['Sam', 'Domain', null, 'sam@staff777.example'],
  ['Pat', 'Known', 'staff777@gen', 'pat.known@example.com'],
  ['Tom', 'Wild', null, 'tom%50_off@example.com'],
  ['Tim', 'Wilder', null, 'tomx50yoff@example.com'],
  ['Zoë', 'Ömer', 'Zoë', 'zoë.ömer@example.com'],
  ['Zoe', 'Omer', null, 'ZOË.ÖMER@example.co.uk'],
];

const FRAGMENTS = [
  'staff777@generated',
  'STAFF777@GEN',
  'taff777@',
  'f777@g',
  '777@generated.example',
  'staff777@generated.example',
  'xstaff777@generated.example',
  'staff777@',
  '@generated',
  '@Generated.Example',
  '@staff777',
  '@',
  'e@e',
  '%50_off@',
  '50_off@example',
  'x50y',
  '_off@',
  'm%5',
  'ömer@',
  'Ö@EX',
  'zoë',
  'ZOË.Ö',
  'staff777',
  'member77',
  'gen member7777',
  '.example',
  'a@b@c',
  'nobody@nowhere',
];

/** LIKE's wildcards and escape character escaped, so the text matches literally anywhere. */
const anywhere = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

describe.each(DATABASES)('the console’s searches against their definition on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };
  let hr: Browser;
  const rows = async <T>(query: ReturnType<typeof sql>) =>
    ((await t.app.database.db.execute(query)) as unknown as { rows: T[] }).rows;

  beforeAll(async () => {
    t = await createTestApp(kind);
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    hr = await signedInBrowser(t.app, PORTAL, HR);
    for (const [forename, surname, knownAs, email] of PEOPLE) {
      await rows(
        sql`insert into staff (forename, surname, known_as, email_address) values (${forename}, ${surname}, ${knownAs}, ${email})`,
      );
      await rows(sql`insert into documents (kind, staff_id, title, html, document_sha256)
        select 'agreement', id, ${`Locker for ${forename} ${surname}`}, '<p>Locker</p>', repeat('0', 64)
        from staff where email_address = ${email}`);
    }
    await rows(sql`analyze`);
  });
  afterAll(() => t.dropAll());

  it('finds exactly the people whose name, preferred name or address contains the text', async () => {
    for (const fragment of FRAGMENTS) {
      const p = anywhere(fragment);
      const expected = await rows<{ email_address: string }>(
        sql`select email_address from staff
            where forename || ' ' || surname ilike ${p} or known_as ilike ${p} or email_address ilike ${p}`,
      );
      const found = (await hr.get(api(`/admin/people?per_page=100&search=${encodeURIComponent(fragment)}`))).json();
      expect(found.data.map((person: { email_address: string }) => person.email_address).sort(), fragment).toEqual(
        expected.map((row) => row.email_address).sort(),
      );
      expect(found.meta.total, fragment).toBe(expected.length);
    }
    // The searches above cross the `@` and find someone: the comparison is not of empty answers.
    const found = (await hr.get(api('/admin/people?search=staff777%40generated'))).json();
    expect(found.meta.total).toBe(4);
    // The total is counted along with a page; past the last page, where no row carries it, still the same.
    const last = (await hr.get(api('/admin/people?search=staff777%40generated&per_page=3&page=2'))).json();
    expect([last.data.length, last.meta.total]).toEqual([1, 4]);
    const beyond = (await hr.get(api('/admin/people?search=staff777%40generated&per_page=3&page=3'))).json();
    expect([beyond.data.length, beyond.meta.total]).toEqual([0, 4]);
    const none = (await hr.get(api('/admin/people?search=nobody%40nowhere'))).json();
    expect([none.data.length, none.meta.total]).toEqual([0, 0]);
  });

  it('finds exactly the documents whose person or title contains the text, newest first, page by page', async () => {
    for (const fragment of FRAGMENTS) {
      const p = anywhere(fragment);
      const expected = await rows<{ id: string }>(
        sql`select d.id from documents d join staff s on s.id = d.staff_id
            where s.forename || ' ' || s.surname ilike ${p} or s.known_as ilike ${p} or s.email_address ilike ${p}
               or d.title ilike ${p}
            order by d.created_at desc, d.id desc`,
      );
      const shown: string[] = [];
      let total: number | undefined;
      for (let page = 1; page === 1 || shown.length < (total ?? 0); page++) {
        const answer = (
          await hr.get(api(`/admin/documents?per_page=3&page=${page}&search=${encodeURIComponent(fragment)}`))
        ).json();
        total = answer.meta.total;
        if (answer.data.length === 0) break;
        shown.push(...answer.data.map((doc: { id: string }) => doc.id));
      }
      expect(shown, fragment).toEqual(expected.map((row) => row.id));
      expect(total, fragment).toBe(expected.length);
    }
    const beyond = (await hr.get(api('/admin/documents?search=staff777%40generated&per_page=3&page=3'))).json();
    expect([beyond.data.length, beyond.meta.total]).toEqual([0, 4]);
  });
});
