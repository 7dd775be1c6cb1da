/**
 * The console's surveys through the API (docs/product.md#console-surveys): HR creates a survey and new
 * versions of it from YAML or JSON files; answers stay with the version they answered and each version's
 * results and CSV count only its own; bad files are refused with the validator's message and change
 * nothing; staff get 403, a manager may not import and counts only their venues' people.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, staff } from '@server/db/schema.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { bytesOption } from './helpers/joiners.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;

const V1 = [
  'name: Pulse',
  'questions:',
  '  - { id: 1, question: How was today?, type: bars, required: true }',
  '  - { id: 2, question: Shift, type: radio, required: true, allowed_values: [{ key: am, label: Morning }, { key: pm, label: Evening }] }',
  '  - { id: 3, question: Anything else?, type: textarea }',
].join('\n');
// Version 2 rewords and retypes question 1, drops 3 and adds 4.
const V2 = JSON.stringify({
  name: 'Pulse (autumn)',
  questions: [
    { id: 1, question: 'What made today good?', type: 'text', required: true },
    {
      id: 2,
      question: 'Shift',
      type: 'radio',
      required: true,
      allowed_values: [
        { key: 'am', label: 'Morning' },
        { key: 'pm', label: 'Evening' },
      ],
    },
    { id: 4, question: 'How busy was it?', type: 'bars' },
  ],
});

describe.each(DATABASES)('Console surveys on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;
  const command = (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });
  // One session per person for the whole file: sign-in is rate-limited per address.
  const sessions = new Map<string, Promise<Browser>>();
  const signedIn = (email: string) => {
    if (!sessions.has(email)) sessions.set(email, signedInBrowser(t.app, PORTAL, email));
    return sessions.get(email)!;
  };
  const HR = 'morgan.hughes@example.com';
  const MANAGER = 'riley.evans@example.com'; // manages The Lantern, Leeds
  const SAM = 'sam.taylor@example.com'; // Leeds
  const JAMIE = 'jamie.patel@example.com'; // Manchester
  let surveyId: number;

  const submit = async (email: string, body: Record<string, unknown>) =>
    (await signedIn(email)).post(api(`/rest/staff-survey/${surveyId}`), { completed_by: await idOf(email), ...body });
  const listed = async (email = HR) =>
    (await (await signedIn(email)).get(api('/admin/surveys')))
      .json()
      .data.find((s: { id: number }) => s.id === surveyId);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await command('role grant', { staff: MANAGER, role: 'manager', venue: ['The Lantern, Leeds'] });
    await command('role grant', { staff: HR, role: 'hr' });
    const hr = await signedIn(HR);
    const created = await hr.post(api('/admin/surveys'), { filename: 'pulse.yaml', content: V1 });
    expect(created.status, created.body).toBe(200);
    expect(created.json().data).toMatchObject({ created: true, version: 1 });
    surveyId = created.json().data.id;
    const sam = await submit(SAM, {
      version: 1,
      answers: [
        { id: 1, answer: 5 },
        { id: 2, answer: 'pm' },
        { id: 3, answer: 'Busy but fun' },
      ],
    });
    expect(sam.status, sam.body).toBe(200);
    // A form opened before versions existed sends none: it is checked against the current version.
    const jamie = await submit(JAMIE, {
      answers: [
        { id: 1, answer: 2 },
        { id: 2, answer: 'am' },
        { id: 3, answer: 'Short-staffed' },
      ],
    });
    expect(jamie.status, jamie.body).toBe(200);
  });
  afterAll(() => t.dropAll());

  it('adds a version under an existing id: old answers stay with version 1, version 2 starts empty', async () => {
    const hr = await signedIn(HR);
    const added = await hr.post(api('/admin/surveys'), { id: surveyId, filename: 'pulse-autumn.json', content: V2 });
    expect(added.status, added.body).toBe(200);
    expect(added.json().data).toEqual({ id: surveyId, created: false, version: 2 });

    // Staff answer the newest version.
    const form = (await (await signedIn(SAM)).get(api(`/rest/staff-survey/${surveyId}`))).json().data;
    expect(form).toMatchObject({ name: 'Pulse (autumn)', version: 2 });
    expect(form.questions.map((q: { id: number }) => q.id)).toEqual([1, 2, 4]);

    const now = (await hr.get(api(`/admin/surveys/${surveyId}/results`))).json().data;
    expect(now).toMatchObject({ name: 'Pulse (autumn)', version: 2, current_version: 2, responses: 0 });
    expect(now.questions.map((q: { id: number; answered: number }) => [q.id, q.answered])).toEqual([
      [1, 0],
      [2, 0],
      [4, 0],
    ]);
    expect(now.questions[2].counts.every((c: { count: number }) => c.count === 0)).toBe(true);
    expect(now.versions).toEqual([
      { version: 1, name: 'Pulse', questions: 3, responses: 2, created_at: expect.any(String) },
      { version: 2, name: 'Pulse (autumn)', questions: 3, responses: 0, created_at: expect.any(String) },
    ]);

    const before = (await hr.get(api(`/admin/surveys/${surveyId}/results?version=1`))).json().data;
    expect(before).toMatchObject({ name: 'Pulse', version: 1, current_version: 2, responses: 2 });
    expect(before.questions[0]).toMatchObject({
      id: 1,
      type: 'bars',
      answered: 2,
      counts: [1, 2, 3, 4, 5].map((n) => ({ key: String(n), label: String(n), count: n === 2 || n === 5 ? 1 : 0 })),
    });
    expect(before.questions[2].answers).toEqual(['Short-staffed', 'Busy but fun']);

    expect(await listed()).toMatchObject({ name: 'Pulse (autumn)', version: 2, questions: 3, responses: 2 });

    // A form still showing version 1 is refused, not counted under version 2's questions.
    const stale = await submit(SAM, {
      version: 1,
      answers: [
        { id: 1, answer: 4 },
        { id: 2, answer: 'am' },
      ],
    });
    expect(stale.status, stale.body).toBe(409);
    expect(stale.json().errors.message).toBe(
      'This survey has changed since you opened it. Reload the page to answer the new version.',
    );
    // Without a version, version 1's answers are checked against version 2's questions and refused.
    const unversioned = await submit(SAM, {
      answers: [
        { id: 1, answer: 4 },
        { id: 2, answer: 'am' },
        { id: 3, answer: 'x' },
      ],
    });
    expect(unversioned.status).toBe(400);
    expect((await hr.get(api(`/admin/surveys/${surveyId}/results`))).json().data.responses).toBe(0);

    const fresh = await submit(SAM, {
      version: 2,
      answers: [
        { id: 1, answer: 'The team' },
        { id: 2, answer: 'am' },
        { id: 4, answer: 3 },
      ],
    });
    expect(fresh.status, fresh.body).toBe(200);
    const after = (await hr.get(api(`/admin/surveys/${surveyId}/results`))).json().data;
    expect(after.responses).toBe(1);
    expect(after.questions[0].answers).toEqual(['The team']);
    expect(after.versions.map((v: { responses: number }) => v.responses)).toEqual([2, 1]);

    // The CSV of each version: its own questions and answers.
    const csv2 = await hr.get(api(`/admin/surveys/${surveyId}/results.csv`));
    expect(csv2.status).toBe(200);
    expect(csv2.headers['content-disposition']).toBe(`attachment; filename="survey-${surveyId}-v2.csv"`);
    expect(csv2.body).toContain('What made today good?');
    expect(csv2.body).toContain('The team');
    expect(csv2.body).not.toContain('Busy but fun');
    const csv1 = await hr.get(api(`/admin/surveys/${surveyId}/results.csv?version=1`));
    expect(csv1.headers['content-disposition']).toBe(`attachment; filename="survey-${surveyId}-v1.csv"`);
    expect(csv1.body).toContain('Busy but fun');
    expect(csv1.body).toContain('Short-staffed');
    expect(csv1.body).not.toContain('The team');

    expect((await hr.get(api(`/admin/surveys/${surveyId}/results?version=9`))).status).toBe(404);
    expect((await hr.get(api(`/admin/surveys/${surveyId}/results.csv?version=9`))).status).toBe(404);
    expect((await hr.get(api(`/admin/surveys/${surveyId}/results?version=abc`))).status).toBe(400);

    const [event] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'survey.versioned'), eq(auditEvents.actor, `staff:${await idOf(HR)}`)));
    expect(event?.details).toMatchObject({ survey_id: surveyId, version: 2 });
  });

  it('adds versions from the CLI too, printing the version, and exports a chosen version', async () => {
    const again = await command('survey import', { id: surveyId, file: bytesOption('pulse.yaml', V1) });
    expect(again.exitCode).toBe(0);
    expect(again.lines).toEqual([
      `Added version 3 of survey "Pulse" with 3 questions, at /survey/${surveyId} (version 3). Its id:`,
      String(surveyId),
    ]);
    // The same file again adds nothing.
    const same = await command('survey import', { id: surveyId, file: bytesOption('pulse.yaml', V1) });
    expect(same.lines[0]).toBe(
      `Unchanged: survey "Pulse" with 3 questions, at /survey/${surveyId} (version 3). Its id:`,
    );
    expect(
      (await listed()).versions.map((v: { version: number; responses: number }) => [v.version, v.responses]),
    ).toEqual([
      [1, 2],
      [2, 1],
      [3, 0],
    ]);
    const exported = await command('survey results', { id: surveyId, version: 1 });
    expect(exported.exitCode).toBe(0);
  });

  it('refuses bad files with the validator’s message (400) and changes nothing', async () => {
    const hr = await signedIn(HR);
    const was = await listed();
    const bad = [
      {
        filename: 'bad.yaml',
        content: 'name: Bad\nquestions:\n  - { id: 1, question: Q, type: slider }\n',
        says: ['bad.yaml is not a valid survey', 'unknown question type "slider"'],
      },
      { filename: 'broken.json', content: '{"name": ', says: ['broken.json could not be read'] },
      {
        filename: 'empty.yaml',
        content: 'name: Empty\nquestions: []\n',
        says: ['questions: needs at least one question'],
      },
      {
        filename: 'twice.json',
        content: JSON.stringify({
          name: 'Twice',
          questions: [
            { id: 1, question: 'A', type: 'text' },
            { id: 1, question: 'B', type: 'text' },
          ],
        }),
        says: ['id 1 is used twice'],
      },
      {
        filename: 'level.yaml',
        content: 'name: D\nquestions:\n  - { id: 1, question: Level, type: bars, default: 9 }\n',
        says: ['question 1 (Level): the default must be a valid answer: choose from 1 to 5 bars'],
      },
    ];
    for (const file of bad) {
      const res = await hr.post(api('/admin/surveys'), {
        id: surveyId,
        filename: file.filename,
        content: file.content,
      });
      expect(res.status, res.body).toBe(400);
      for (const words of file.says) expect(res.json().errors.message).toContain(words);
    }
    expect((await hr.post(api('/admin/surveys'), { content: V1 })).status).toBe(400);
    expect(await listed()).toEqual(was);
    const count = (await hr.get(api('/admin/surveys'))).json().data.length;
    expect((await hr.post(api('/admin/surveys'), { filename: 'bad.yaml', content: bad[0]!.content })).status).toBe(400);
    expect((await hr.get(api('/admin/surveys'))).json().data).toHaveLength(count);
  });

  it('refuses staff (403), lets a manager read counts of their venues’ people only and not import', async () => {
    const sam = await signedIn(SAM);
    for (const res of [
      await sam.get(api('/admin/surveys')),
      await sam.get(api(`/admin/surveys/${surveyId}/results`)),
      await sam.get(api(`/admin/surveys/${surveyId}/results.csv`)),
      await sam.post(api('/admin/surveys'), { filename: 'pulse.yaml', content: V1 }),
    ]) {
      expect(res.status, res.body).toBe(403);
    }

    const manager = await signedIn(MANAGER);
    const was = await listed();
    const refused = await manager.post(api('/admin/surveys'), { id: surveyId, filename: 'pulse.yaml', content: V2 });
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('Only HR can do that.');
    expect((await manager.post(api('/admin/surveys'), { filename: 'new.yaml', content: V1 })).status).toBe(403);
    expect(await listed()).toEqual(was);

    // Version 1 has Sam's (Leeds) and Jamie's (Manchester) answers: the Leeds manager counts Sam's only.
    const mine = (await manager.get(api(`/admin/surveys/${surveyId}/results?version=1`))).json().data;
    expect(mine.responses).toBe(1);
    expect(mine.questions[2].answers).toEqual(['Busy but fun']);
    expect(mine.versions.map((v: { responses: number }) => v.responses)).toEqual([1, 1, 0]);
    expect(await listed(MANAGER)).toMatchObject({ responses: 2, version: 3 });
    expect((await manager.get(api(`/admin/surveys/${surveyId}/results.csv`))).status).toBe(403);
  });
});
