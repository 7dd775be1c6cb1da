/**
 * Surveys through the API (docs/product.md#surveys): the atmosphere audit seeded as survey 6, good and bad answers
 * for every question type, the 401 of a mismatched completed_by, unknown surveys, the photo
 * upload, import validation and the CSV export.
 */
import { parse } from 'csv-parse/sync';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { surveySubmissions } from '@server/db/schema.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { Browser, signIn } from './helpers/browser.js';
import { bytesOption } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(DATABASES)('surveys on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let b: Browser;
  let me: string;
  let leeds: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    b = new Browser({ [PORTAL]: t.app });
    me = (await signIn(b, PORTAL, 'sam.taylor@example.com')).user.id;
  });
  afterAll(() => t.dropAll());

  async function photo() {
    const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#8a5' } })
      .png()
      .toBuffer();
    const res = await b.post(api('/rest/image/upload-public'), {
      file_data: dataUrl('image/png', png),
      filename: 'bar.png',
      bucket: 'survey',
    });
    expect(res.status, res.body).toBe(200);
    return res.json().data;
  }
  const good = async () => [
    { id: 2, answer: leeds },
    { id: 3, answer: '20/11/2026' },
    { id: 4, answer: { from: '19:00', until: '21:00' } },
    { id: 6, answer: 4 },
    { id: 7, answer: 2 },
    { id: 8, answer: 'good' },
    { id: 9, answer: '3-5' },
    { id: 10, answer: 'garden' },
    { id: 11, answer: 'Sam Taylor' },
    { id: 12, answer: { uri: 'blob:preview', data: await photo() } },
    { id: 13, answer: 'Busy, warm, music a touch loud by the bar.\u001b[2J\n=SUM(A1) is not a formula' },
  ];

  it('serves the atmosphere audit as survey 6, with the venues as the locations options', async () => {
    const res = await b.get(api('/rest/staff-survey/6'));
    expect(res.status).toBe(200);
    const survey = res.json().data;
    expect(survey.name).toBe('Atmosphere audit');
    expect(new Set(survey.questions.map((q: { type: string }) => q.type))).toEqual(
      new Set([
        'heading',
        'locations',
        'date',
        'time',
        'bars',
        'radio',
        'select',
        'select2',
        'text',
        'file',
        'textarea',
      ]),
    );
    const venues = survey.questions.find((q: { type: string }) => q.type === 'locations').allowed_values;
    expect(venues.map((v: { label: string }) => v.label)).toContain('The Lantern, Leeds');
    leeds = venues.find((v: { label: string }) => v.label === 'The Lantern, Leeds').key;
    expect(survey.questions.find((q: { id: number }) => q.id === 6).default).toBe(3);
  });

  it('stores a submission whose every answer is valid', async () => {
    const res = await b.post(api('/rest/staff-survey/6'), { completed_by: me, answers: await good() });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data.message).toBe('Survey saved successfully');
  });

  it('refuses every kind of bad answer, naming the question, and stores nothing', async () => {
    const res = await b.post(api('/rest/staff-survey/6'), {
      completed_by: me,
      answers: [
        { id: 2, answer: '00000000-0000-4000-8000-000000000000' },
        { id: 3, answer: '31/02/2026' },
        { id: 4, answer: { from: '22:00', until: '21:00' } },
        { id: 6, answer: 6 },
        { id: 7, answer: 0 },
        { id: 8, answer: 'filthy' },
        { id: 9, answer: 'loads' },
        { id: 10, answer: 'roof' },
        { id: 12, answer: { uri: 'x', data: { id: '00000000-0000-4000-8000-000000000000' } } },
        { id: 13, answer: { not: 'text' } },
        { id: 99, answer: 'extra' },
      ],
    });
    expect(res.status).toBe(400);
    const errors = Object.fromEntries(
      res.json().errors.fields.map((f: { field: string; error: string }) => [f.field, f.error]),
    );
    expect(errors).toEqual({
      '99': 'question 99 is not in this survey',
      '2': 'Venue: choose one of the venues',
      '3': 'Date of the visit: enter a real date as DD/MM/YYYY',
      '4': 'Time of the visit: the from time must not be after the until time',
      '6': 'Music level: choose from 1 to 5 bars',
      '7': 'Lighting: choose from 1 to 5 bars',
      '8': 'Cleanliness: choose one of the options',
      '9': 'Staff on shift: choose one of the options',
      '10': 'Area checked most closely: choose one of the options',
      '11': 'Who did the audit: an answer is required',
      '12': 'A photo of the room: upload the photo again',
      '13': 'Comments: must be text',
    });
    const times = await b.post(api('/rest/staff-survey/6'), {
      completed_by: me,
      answers: [...(await good()).filter((a) => a.id !== 4), { id: 4, answer: { from: '7pm', until: '24:00' } }],
    });
    expect(times.json().errors.fields).toEqual([
      { field: '4', error: 'Time of the visit: enter a from and an until time as HH:mm' },
    ]);
  });

  it('answers 401 when completed_by is not the signed-in member, and 404 for an unknown survey', async () => {
    const other = await b.post(api('/rest/staff-survey/6'), {
      completed_by: '00000000-0000-4000-8000-000000000000',
      answers: await good(),
    });
    expect(other.status).toBe(401);
    expect(other.json().errors.message).toContain('log out and sign in again');
    expect((await b.get(api('/rest/staff-survey/999'))).status).toBe(404);
    expect((await b.post(api('/rest/staff-survey/999'), { completed_by: me, answers: [] })).status).toBe(404);
    expect((await b.get(api('/rest/staff-survey/abc'))).status).toBe(400);
    expect((await new Browser({ [PORTAL]: t.app }).get(api('/rest/staff-survey/6'))).status).toBe(403);
  });

  it('takes only images for survey photos, and a photo only counts for its uploader', async () => {
    const pdf = await b.post(api('/rest/image/upload-public'), {
      file_data: dataUrl('application/pdf', await simplePdf('x')),
      filename: 'x.pdf',
    });
    expect(pdf.status).toBe(415);
    const mine = await photo();
    const jamie = new Browser({ [PORTAL]: t.app });
    const jamieId = (await signIn(jamie, PORTAL, 'jamie.patel@example.com')).user.id;
    const answers = (await good()).map((a) => (a.id === 12 ? { id: 12, answer: { uri: 'x', data: mine } } : a));
    const stolen = await jamie.post(api('/rest/staff-survey/6'), { completed_by: jamieId, answers });
    expect(stolen.json().errors.fields).toEqual([
      { field: '12', error: 'A photo of the room: upload the photo again' },
    ]);
  });

  it('exports every submission as CSV, one column per question, labels not keys', async () => {
    const res = await runCommand({ services: t.app.services, name: 'survey results', options: { id: 6 } });
    expect(res.exitCode).toBe(0);
    const rows = parse(res.lines.join('\n'), { columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      staff_email: 'sam.taylor@example.com',
      Venue: 'The Lantern, Leeds',
      'Date of the visit': '20/11/2026',
      'Time of the visit': '19:00-21:00',
      'Music level': '4',
      Cleanliness: 'Good',
      'Staff on shift': '3 to 5',
      'Area checked most closely': 'Beer garden',
      'A photo of the room': 'bar.png',
    });
    // The escape character is gone (it would reach HR's terminal); the text around it stays.
    expect(rows[0]!.Comments).toBe('Busy, warm, music a touch loud by the bar.[2J\n=SUM(A1) is not a formula');
    expect(Object.keys(rows[0]!)).not.toContain('About the visit');
  });

  it('imports surveys, refusing unknown types with a clear message', async () => {
    const ok = await runCommand({
      services: t.app.services,
      name: 'survey import',
      options: {
        file: bytesOption(
          'pulse.yaml',
          'name: Pulse\nquestions:\n  - { id: 1, question: How was today?, type: bars }\n',
        ),
      },
    });
    expect(ok.exitCode).toBe(0);
    expect(ok.lines.at(-1)).toMatch(/^\d+$/);
    const id = Number(ok.lines.at(-1));
    expect((await b.get(api(`/rest/staff-survey/${id}`))).json().data.name).toBe('Pulse');
    const bad = await runCommand({
      services: t.app.services,
      name: 'survey import',
      options: {
        file: bytesOption(
          'bad.json',
          JSON.stringify({
            name: 'Bad',
            questions: [
              { id: 1, question: 'Q', type: 'slider' },
              { id: 2, question: 'R', type: 'radio' },
            ],
          }),
        ),
      },
    });
    expect(bad.exitCode).toBe(1);
    expect(bad.error).toContain('unknown question type "slider"');
    const badDefault = await runCommand({
      services: t.app.services,
      name: 'survey import',
      options: {
        file: bytesOption('d.yaml', 'name: D\nquestions:\n  - { id: 1, question: Level, type: bars, default: 9 }\n'),
      },
    });
    expect(badDefault.error).toBe('question 1 (Level): the default must be a valid answer: choose from 1 to 5 bars');
    // Imported again under its id it becomes version 2, which may retype a question (answers stay with their version).
    const retyped = await runCommand({
      services: t.app.services,
      name: 'survey import',
      options: {
        id,
        file: bytesOption('a.yaml', 'name: Pulse\nquestions:\n  - { id: 1, question: How was today?, type: text }\n'),
      },
    });
    expect(retyped.exitCode).toBe(0);
    expect(retyped.lines[0]).toBe(
      `Added version 2 of survey "Pulse" with 1 questions, at /survey/${id} (version 2). Its id:`,
    );
    expect((await b.get(api(`/rest/staff-survey/${id}`))).json().data).toMatchObject({
      version: 2,
      questions: [{ id: 1, type: 'text' }],
    });
  });

  it('keeps a photo answer as a stable path that opens the photo for its owner only', async () => {
    const uploaded = await photo();
    const answers = (await good()).map((a) =>
      a.id === 12 ? { id: 12, answer: { uri: 'blob:http://localhost/preview', data: uploaded } } : a,
    );
    const res = await b.post(api('/rest/staff-survey/6'), { completed_by: me, answers });
    expect(res.status, res.body).toBe(200);
    const [row] = await t.app.database.db
      .select({ answers: surveySubmissions.answers })
      .from(surveySubmissions)
      .where(eq(surveySubmissions.id, res.json().data.id));
    const answer = (row!.answers as Record<string, { uri: string; data: { id: string } }>)['12']!;
    // The browser's own preview address is not kept: it means nothing anywhere else.
    expect(answer).toEqual({
      uri: `/api/rest/file/open/${uploaded.id}`,
      data: { id: uploaded.id, original_filename: 'bar.png', size: uploaded.size, content_type: 'image/png' },
    });
    const opened = await b.get(`${PORTAL}${answer.uri}`);
    expect(opened.status).toBe(302);
    const signed = new URL(opened.location!, PORTAL);
    expect(signed.pathname).toBe(`/api/rest/file/content/${uploaded.id}`);
    expect(signed.searchParams.get('disposition')).toBe('inline');
    expect((await t.app.inject({ url: `${signed.pathname}${signed.search}` })).headers['content-type']).toBe(
      'image/png',
    );
    const jamie = new Browser({ [PORTAL]: t.app });
    await signIn(jamie, PORTAL, 'jamie.patel@example.com');
    expect((await jamie.get(`${PORTAL}${answer.uri}`)).status).toBe(404);
  });
});
