/**
 * What keeps the console fast at 100,000 people (docs/decisions/0050-console-at-scale.md): the trigram
 * and sort indexes its searches and lists are read by exist after the migrations, and the totals and
 * survey counts the database keeps instead of counting (row_counts, survey_answer_counts) always equal
 * what counting the rows gives, as people, documents and answers are added, moved and removed, and people
 * leave, in one statement or many.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';

/** The indexes the console's searches and sorts need, by table. */
const CONSOLE_INDEXES = [
  'staff_name_trgm_idx',
  'staff_known_as_trgm_idx',
  'staff_email_local_part_trgm_idx',
  'staff_email_domain_trgm_idx',
  'staff_email_local_part_reversed_idx',
  'documents_title_trgm_idx',
  'staff_surname_forename_id_idx',
  'staff_start_date_surname_id_idx',
  'staff_position_surname_id_idx',
  'staff_venue_id_surname_id_idx',
  'staff_access_ends_at_idx',
  'staff_leaving_surname_forename_id_idx',
  'documents_created_at_id_idx',
  'documents_unsigned_created_at_id_idx',
  'onboardings_unfinished_updated_at_idx',
  'onboardings_completed_at_idx',
];

describe.each(DATABASES)('the console’s indexes and kept counts on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };
  let hr: Browser;
  const rows = async <T = Record<string, unknown>>(text: string) =>
    ((await t.app.database.db.execute(sql.raw(text))) as unknown as { rows: T[] }).rows;
  const counted = async (text: string) => Number((await rows<{ n: unknown }>(text))[0]!.n);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    hr = await signedInBrowser(t.app, PORTAL, HR);
  });
  afterAll(() => t.dropAll());

  /** What the console shows against what counting the tables gives. */
  async function totals() {
    const people = (await hr.get(api('/admin/people'))).json().meta.total;
    const totalOf = async (query: string) => (await hr.get(api(`/admin/people?${query}`))).json().meta.total;
    const [york] = await rows<{ id: string }>("select id from venues where name = 'The Lantern, York'");
    const byStatus = {
      current: await totalOf('status=current'),
      leaving: await totalOf('status=leaving'),
      left: await totalOf('status=left'),
      currentAtYork: await totalOf(`status=current&venue_id=${york!.id}`),
      leftAtYork: await totalOf(`status=left&venue_id=${york!.id}`),
    };
    const documents = (await hr.get(api('/admin/documents'))).json().meta.total;
    const signed = (await hr.get(api('/admin/documents?status=signed'))).json().meta.total;
    const venues = Object.fromEntries(
      (await hr.get(api('/admin/venues'))).json().data.map((v: { name: string; people: number }) => [v.name, v.people]),
    );
    const venueCounts = Object.fromEntries(
      (
        await rows<{ name: string; n: unknown }>(
          'select v.name, count(s.id) as n from venues v left join staff s on s.venue_id = v.id group by v.name',
        )
      ).map((v) => [v.name, Number(v.n)]),
    );
    return {
      shown: { people, documents, signed, venues, byStatus },
      counted: {
        people: await counted('select count(*) as n from staff'),
        byStatus: {
          current: await counted('select count(*) as n from staff where access_ends_at is null'),
          leaving: await counted('select count(*) as n from staff where access_ends_at > now()'),
          left: await counted('select count(*) as n from staff where access_ends_at <= now()'),
          currentAtYork: await counted(
            `select count(*) as n from staff where access_ends_at is null and venue_id = '${york!.id}'`,
          ),
          leftAtYork: await counted(
            `select count(*) as n from staff where access_ends_at <= now() and venue_id = '${york!.id}'`,
          ),
        },
        documents: await counted('select count(*) as n from documents'),
        signed: await counted('select count(*) as n from documents where signed_at is not null'),
        venues: venueCounts,
      },
    };
  }

  /** HR's results of survey 6 against the same figures counted from its answers. */
  async function surveyCounts() {
    const results = (await hr.get(api('/admin/surveys/6/results'))).json().data;
    const bars = results.questions.find((q: { type: string }) => q.type === 'bars');
    const shown = {
      responses: results.responses,
      answered: bars.answered,
      counts: Object.fromEntries(bars.counts.map((c: { key: string; count: number }) => [c.key, c.count])),
    };
    const key = `'${Number(bars.id)}'`;
    const byValue = await rows<{ k: string; n: unknown }>(
      `select answers->>${key} as k, count(*) as n from survey_submissions where survey_id = 6 and version = ${results.version}
       and answers->>${key} <> '' group by 1`,
    );
    const counts = Object.fromEntries(['1', '2', '3', '4', '5'].map((k) => [k, 0]));
    for (const row of byValue) counts[row.k] = Number(row.n);
    return {
      shown,
      counted: {
        responses: await counted(
          `select count(*) as n from survey_submissions where survey_id = 6 and version = ${results.version}`,
        ),
        answered: byValue.reduce((sum, row) => sum + Number(row.n), 0),
        counts,
      },
    };
  }

  it('has the trigram and sort indexes the console’s searches and lists are read by', async () => {
    const present = (await rows<{ indexname: string }>('select indexname from pg_indexes')).map((r) => r.indexname);
    expect(CONSOLE_INDEXES.filter((name) => !present.includes(name))).toEqual([]);
    const [trigram] = await rows<{ indexdef: string }>(
      "select indexdef from pg_indexes where indexname = 'staff_name_trgm_idx'",
    );
    // The expression the people and documents searches use, or the planner never picks the index.
    expect(trigram!.indexdef).toMatch(/gin \(\(\(\(forename \|\| ' '::text\) \|\| surname\)\) gin_trgm_ops\)/);
    const found = (await hr.get(api('/admin/people?search=ORGAN%20HUGH'))).json();
    expect(found.data.map((p: { email_address: string }) => p.email_address)).toEqual([HR]);
    expect(found.meta.total).toBe(1);
  });

  it('keeps the lists’ totals equal to a count as people and documents come, move and go', async () => {
    const before = await totals();
    expect(before.shown).toEqual(before.counted);
    const [venue] = await rows<{ id: string }>("select id from venues where name = 'The Lantern, York'");
    // Many people in one statement, then one moved, one without a venue, one removed with their documents.
    await rows(
      `insert into staff (forename, surname, email_address, venue_id)
       select 'Counted', 'Person' || g, 'counted' || g || '@example.com', '${venue!.id}' from generate_series(1, 30) g`,
    );
    await rows(
      `insert into documents (kind, staff_id, title, html, document_sha256, signed_at)
       select 'agreement', id, 'Counted agreement', '<p>x</p>', repeat('0', 64), case when surname like '%1' then now() end
       from staff where email_address like 'counted%@example.com'`,
    );
    await rows(
      "update staff set venue_id = (select id from venues where name = 'The Lantern, Leeds') where email_address = 'counted2@example.com'",
    );
    await rows("update staff set venue_id = null where email_address = 'counted3@example.com'");
    await rows(
      "update documents set signed_at = now() where staff_id = (select id from staff where email_address = 'counted4@example.com')",
    );
    await rows("delete from staff where email_address in ('counted5@example.com', 'counted11@example.com')");
    // Leavers in one statement, one leaving, one whose leaving was cancelled, one leaver moved and one removed.
    await rows(
      `update staff set leaving_date = current_date - 1, leaving_reason = 'resigned', access_ends_at = now() - interval '1 hour'
       where email_address in ('counted6@example.com', 'counted7@example.com', 'counted8@example.com', 'counted9@example.com')`,
    );
    await rows(
      "update staff set leaving_date = current_date + 7, leaving_reason = 'resigned', access_ends_at = now() + interval '8 days', is_leaving = true where email_address = 'counted10@example.com'",
    );
    await rows(
      "update staff set leaving_date = null, leaving_reason = null, access_ends_at = null where email_address = 'counted9@example.com'",
    );
    await rows(
      "update staff set venue_id = (select id from venues where name = 'The Lantern, Leeds') where email_address = 'counted7@example.com'",
    );
    await rows("delete from staff where email_address = 'counted8@example.com'");
    const after = await totals();
    expect(after.shown).toEqual(after.counted);
    expect(after.shown.people).toBe(before.shown.people + 27);
    expect(after.shown.byStatus.left).toBe(before.shown.byStatus.left + 2);
    expect(after.shown.byStatus.leaving).toBe(before.shown.byStatus.leaving + 1);
    const searched = (await hr.get(api('/admin/people?search=counted1'))).json();
    expect(searched.meta.total).toBe(searched.data.length);
  });

  it('keeps HR’s survey counts equal to a count of the answers as answers come and go', async () => {
    const before = await surveyCounts();
    expect(before.shown).toEqual(before.counted);
    await rows(
      `insert into survey_submissions (survey_id, version, staff_id, answers)
       select 6, s.version, null,
              (select jsonb_object_agg(q->>'id', (1 + g % 5)::text) from jsonb_array_elements(s.questions) q where q->>'type' = 'bars')
       from surveys s, generate_series(1, 12) g where s.id = 6`,
    );
    await rows(
      `insert into survey_submissions (survey_id, version, staff_id, answers)
       select 6, version, null, '{}'::jsonb from surveys where id = 6`,
    );
    const added = await surveyCounts();
    expect(added.shown).toEqual(added.counted);
    expect(added.shown.responses).toBe(before.shown.responses + 13);
    await rows(
      'delete from survey_submissions where id in (select id from survey_submissions where survey_id = 6 order by submitted_at, id limit 4)',
    );
    const removed = await surveyCounts();
    expect(removed.shown).toEqual(removed.counted);
  });
});
