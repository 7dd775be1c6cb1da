/**
 * Every query on a hot path is served by an index (docs/architecture.md#database): on a database
 * with thousands of generated members (scripts/bench/generate-staff.sql, then ANALYZE, so the planner
 * weighs real table sizes), the real endpoints are driven while drizzle's logger records each query
 * they send: sign-in through the embedded provider, `GET /me`, the discount status, the till's
 * check, `insurance list` and the survey results export; and, signed in as HR, each list, search,
 * board and survey result of the console (docs/decisions/0050-console-at-scale.md). Each distinct query is then EXPLAINed
 * with the parameters it ran with, and none may read a table that grows with the staff (or with
 * their sign-ins) from end to end.
 */
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { exportSurveyResults } from '@server/modules/surveys/index.js';
import { signedInBrowser } from './helpers/browser.js';
import { generateStaff } from './helpers/generated-staff.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

/** Enough members that reading a whole table costs far more than an index look-up. */
const MEMBERS = 10_000;
/** The console user: a demo member given the HR role. */
const HR = 'morgan.hughes@example.com';

/** Tables whose rows grow with the number of staff or with their sign-ins. */
const GROWING = new Set([
  'staff',
  'sessions',
  'audit_events',
  'files',
  'documents',
  'onboardings',
  'tfa_methods',
  'tfa_challenges',
  'vehicles',
  'survey_submissions',
  'oidc_payloads',
  'auth_requests',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** The indexes the plan reads. */
const indexesOf = (node: PlanNode): string[] => [
  ...(node['Index Name'] ? [node['Index Name']] : []),
  ...(node.Plans ?? []).flatMap(indexesOf),
];

/** `Seq Scan on <table>` for each growing table the plan reads from end to end. */
function seqScans(node: PlanNode): string[] {
  const own =
    node['Node Type'] === 'Seq Scan' && GROWING.has(node['Relation Name'] ?? '')
      ? [`Seq Scan on ${node['Relation Name']}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(seqScans)];
}

describe.each(DATABASES)('query plans on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };
  const sent = new Map<string, unknown[]>();
  let recording = false;

  beforeAll(async () => {
    t = await createTestApp(kind, {
      queryLogger: {
        logQuery(query, params) {
          // The last parameters of each query: a later export batch carries the keyset's position.
          if (recording) sent.set(query, params);
        },
      },
    });
    const { db } = t.app.database;
    await generateStaff((statement) => db.execute(sql.raw(statement)), MEMBERS);
    await db.execute(sql`analyze`);
  });
  afterAll(() => t.dropAll());

  /** The plan PostgreSQL (or PGlite) makes for `query` with the parameters it ran with. */
  async function planOf(query: string, params: unknown[]): Promise<PlanNode> {
    const client = (
      t.app.database.db as unknown as {
        $client: { query(text: string, params: unknown[]): Promise<{ rows: { 'QUERY PLAN': unknown }[] }> };
      }
    ).$client;
    const {
      rows: [row],
    } = await client.query(`explain (format json) ${query}`, params);
    const plan = row!['QUERY PLAN'];
    // JSON from pg, text from PGlite.
    const [{ Plan }] = (typeof plan === 'string' ? JSON.parse(plan) : plan) as [{ Plan: PlanNode }];
    return Plan;
  }

  it('reads no growing table whole on sign-in, /me, the discount card, the till, insurance list or the export', async () => {
    recording = true;
    const member = await signedInBrowser(t.app, PORTAL, `staff${MEMBERS / 2}@generated.example`);
    const me = await member.get(`${PORTAL}/api/staff/self-service/me`);
    expect(me.status).toBe(200);
    const card = await member.get(`${PORTAL}/api/staff/self-service/staff-discount-status`);
    expect(card.status, card.body).toBe(200);
    recording = false;
    const key = await runCommand({
      services: t.app.services,
      name: 'till-key create',
      options: { venue: 'The Lantern, Leeds' },
    });
    recording = true;
    const checked = await t.app.inject({
      method: 'POST',
      url: '/api/discount/verify',
      headers: { authorization: `Bearer ${key.lines.at(-1)}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ code: card.json().data.code }),
    });
    expect(checked.json().data.valid).toBe(true);
    const pending = await runCommand({ services: t.app.services, name: 'insurance list', options: {} });
    expect(pending.lines).toHaveLength(20);
    let rows = 0;
    for await (const chunk of await exportSurveyResults({ services: t.app.services, surveyId: 6 }))
      rows += String(chunk).split('\n').length - 1;
    expect(rows).toBeGreaterThan(MEMBERS);
    recording = false;

    const problems: string[] = [];
    let explained = 0;
    for (const [query, params] of sent) {
      // An insert reads no table; the check of its foreign keys uses their indexes (foreign-key-indexes.test.ts).
      if (!/^\s*(select|update|delete|with)\b/i.test(query) || /^select 1$/i.test(query.trim())) continue;
      explained++;
      for (const scan of seqScans(await planOf(query, params))) problems.push(`${scan}: ${query}`);
    }
    expect(explained).toBeGreaterThan(15);
    expect(problems).toEqual([]);
  });

  it("reads no growing table whole on the console's lists, searches, boards and survey results", async () => {
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    const hr = await signedInBrowser(t.app, PORTAL, HR);
    sent.clear();
    recording = true;
    const calls = [
      '/admin/people',
      '/admin/people?page=10',
      '/admin/people?sort=start_date&direction=desc',
      '/admin/people?sort=position',
      '/admin/people?search=Gen777%20Member777',
      '/admin/people?search=member77',
      '/admin/people?search=staff777%40generated',
      // A fragment a tenth of the people match (1,112 of 10,000): joined before paging, it read every onboarding.
      '/admin/people?search=member1',
      '/admin/people?search=member1&sort=start_date&direction=desc',
      '/admin/people?search=member1&sort=venue',
      '/admin/people?page=100',
      '/admin/people?status=current',
      '/admin/people?status=leaving',
      '/admin/people?status=leaving&direction=desc',
      '/admin/people?status=leaving&sort=start_date&direction=desc',
      '/admin/people?status=leaving&sort=position',
      '/admin/people?status=leaving&sort=venue',
      '/admin/people?status=left',
      '/admin/documents',
      '/admin/documents?status=unsigned',
      '/admin/documents?status=signed',
      '/admin/documents?search=Member777',
      '/admin/surveys',
      '/admin/surveys/6/results',
      '/admin/joiners',
      '/admin/venues',
    ];
    for (const call of calls) {
      const res = await hr.get(`${PORTAL}/api${call}`);
      expect(res.status, `${call}: ${res.body}`).toBe(200);
    }
    // A deep page read on from its cursor, in each sort and direction, searched and filtered: only the
    // page after the cursor is recorded (by offset, a venue sort still sorts everyone in scope).
    for (const [list, page] of [
      ['', 100],
      ['&direction=desc', 100],
      ['&sort=start_date&direction=desc', 100],
      ['&sort=position', 100],
      ['&sort=position&direction=desc', 100],
      ['&sort=venue', 100],
      ['&sort=venue&direction=desc', 100],
      ['&sort=venue&status=left', 50],
      ['&search=member1&sort=start_date&direction=desc', 10],
      ['&search=member1&sort=venue&direction=desc', 10],
      ['&status=left', 50],
    ] as const) {
      recording = false;
      const before = (await hr.get(`${PORTAL}/api/admin/people?page=${page}${list}`)).json();
      expect(before.meta.next, list).toEqual(expect.any(String));
      recording = true;
      const res = await hr.get(
        `${PORTAL}/api/admin/people?page=${page + 1}${list}&after=${encodeURIComponent(before.meta.next)}`,
      );
      expect(res.status, `${list}: ${res.body}`).toBe(200);
      expect(res.json().data, list).toHaveLength(25);
    }
    recording = false;
    const people = await hr.get(`${PORTAL}/api/admin/people?search=Gen777%20Member777`);
    expect(people.json().meta.total).toBe(1);
    // The page is the sort's first 25 of every match, whichever sort, and the total counts them all.
    const fragment = (await hr.get(`${PORTAL}/api/admin/people?search=member1&sort=venue`)).json();
    expect(fragment.meta.total).toBe(1112);
    expect(fragment.data).toHaveLength(25);
    const venues = fragment.data.map((p: { venue: string }) => p.venue);
    expect(venues).toEqual([...venues].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    // The leavers' total is the kept total less those still here: it must equal the other two's complement.
    const totalOf = async (query: string) => (await hr.get(`${PORTAL}/api/admin/people${query}`)).json().meta.total;
    const [all, current, leaving, left] = [
      await totalOf(''),
      await totalOf('?status=current'),
      await totalOf('?status=leaving'),
      await totalOf('?status=left'),
    ];
    expect(current + leaving + left).toBe(all);
    expect(left).toBeGreaterThan(all / 2);
    const problems: string[] = [];
    for (const [query, params] of sent) {
      if (!/^\s*(select|with|\()/i.test(query)) continue;
      for (const scan of seqScans(await planOf(query, params))) problems.push(`${scan}: ${query}`);
    }
    expect(problems).toEqual([]);
    // A search across the `@` narrows by a range of the reversed local part, not by the local part's
    // trigrams, which every `staff<n>` shares (docs/decisions/0070-console-searches-read-once.md).
    const acrossTheAt = [...sent].filter(([query]) => query.includes('reverse(lower(split_part('));
    expect(acrossTheAt.length).toBeGreaterThan(0);
    for (const [query, params] of acrossTheAt)
      expect(indexesOf(await planOf(query, params)), query).toContain('staff_email_local_part_reversed_idx');
    // The leaving filter's pages by name, either way, read the few people flagged leaving from their
    // partial index in order, not every leaving entry sorted (docs/decisions/0072-leaving-flag-for-the-console.md).
    const flagged = [...sent].filter(([query]) => query.includes('"is_leaving"'));
    expect(flagged.length).toBeGreaterThanOrEqual(2);
    for (const [query, params] of flagged)
      expect(indexesOf(await planOf(query, params)), query).toContain('staff_leaving_surname_forename_id_idx');
  });
});
