/**
 * The survey results export at more than one batch (docs/product.md#surveys): every submission,
 * in order, the same bytes whatever the batch size, and other requests answered while it runs
 * (on PGlite, one connection in this process, that needs the export to hand back control between
 * batches).
 */
import { parse } from 'csv-parse/sync';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, surveySubmissions, venues } from '@server/db/schema.js';
import { exportSurveyResults } from '@server/modules/surveys/index.js';
import { Browser, signIn } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const SUBMISSIONS = 1000;
const BATCH = 50;

async function text(stream: AsyncIterable<string | Buffer>): Promise<string> {
  let out = '';
  for await (const chunk of stream) out += String(chunk);
  return out;
}

describe.each(DATABASES)('survey results export on %s', (kind) => {
  let t: TestApp & { dropAll(): Promise<void> };

  beforeAll(async () => {
    t = await createTestApp(kind);
    const { db } = t.app.database;
    const [sam] = await db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    const [leeds] = await db.select({ id: venues.id }).from(venues).where(eq(venues.name, 'The Lantern, Leeds'));
    // Three submissions share each time, and times differ by microseconds: the order must still be
    // total and no batch may repeat or skip a row at its edge. Every 7th has no submitter left.
    await db.execute(sql`
      insert into survey_submissions (survey_id, staff_id, submitted_at, answers)
      select 6, case when g % 7 = 0 then null else ${sam!.id}::uuid end,
             timestamptz '2026-11-01 09:00:00Z' + (g / 3) * interval '7 microseconds',
             jsonb_build_object('2', ${leeds!.id}::text, '6', 1 + g % 5, '8', 'good', '13', '=row ' || g || E'\nsecond line, "quoted"')
      from generate_series(1, ${SUBMISSIONS}) as g`);
  });
  afterAll(() => t.dropAll());

  it('writes every submission once, oldest first, the same bytes whatever the batch size', async () => {
    const { services, database } = t.app;
    const batched = await text(await exportSurveyResults({ services, surveyId: 6, batchRows: BATCH }));
    const whole = await text(await exportSurveyResults({ services, surveyId: 6, batchRows: SUBMISSIONS * 2 }));
    expect(batched).toBe(whole);

    const rows = parse(batched, { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(SUBMISSIONS);
    const expected = await database.db
      .select({ comment: sql<string>`${surveySubmissions.answers}->>'13'` })
      .from(surveySubmissions)
      .where(eq(surveySubmissions.surveyId, 6))
      .orderBy(asc(surveySubmissions.submittedAt), asc(surveySubmissions.id));
    // The cell guard's quote mark in front of the = sign, as in every export.
    expect(rows.map((r) => r.Comments)).toEqual(expected.map((r) => `'${r.comment}`));
    expect(rows[0]).toMatchObject({
      submitted_at: '2026-11-01T09:00:00.000Z',
      staff_email: 'sam.taylor@example.com',
      Venue: 'The Lantern, Leeds',
      Cleanliness: 'Good',
    });
    expect(rows.filter((r) => r.staff_email === '')).toHaveLength(Math.floor(SUBMISSIONS / 7));
  });

  it('answers a signed-in request that arrives during the export while the export is still open', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    await signIn(b, PORTAL, 'jamie.patel@example.com');
    const events: string[] = [];
    let asked = false;
    for await (const _chunk of await exportSurveyResults({ services: t.app.services, surveyId: 6, batchRows: BATCH })) {
      events.push('batch');
      if (asked) continue;
      asked = true;
      // Asked with the export open and most of its batches still to read: an export that held the
      // database (PGlite has one connection) or the process would leave this request unanswered.
      const res = await b.get(`${PORTAL}/api/staff/self-service/me`);
      expect(res.status).toBe(200);
      events.push('request answered');
    }
    events.push('export ended');
    expect(events.slice(0, 2)).toEqual(['batch', 'request answered']);
    expect(events.filter((e) => e === 'batch').length).toBeGreaterThan(SUBMISSIONS / BATCH / 2);
    expect(events.at(-1)).toBe('export ended');
  });

  it('refuses an unknown survey before writing anything', async () => {
    await expect(exportSurveyResults({ services: t.app.services, surveyId: 999 })).rejects.toThrow(
      'That survey was not found.',
    );
  });
});
