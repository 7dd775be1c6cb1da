/**
 * Drafts of the onboarding details form (docs/product.md#drafts, decision 0018): kept as the
 * joiner types, given back to the same link only, sealed at rest, gone once the details are saved, the
 * onboarding completes, the link is sent again or it expires; bad bodies are refused and change nothing.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onboardingDrafts, onboardings } from '@server/db/schema.js';
import { runCleanUp } from '@server/modules/housekeeping/index.js';
import { hashToken } from '@server/lib/tokens.js';
import { UNOPENED_SEAL_MESSAGE } from '@server/lib/unopened-seals.js';
import { dataUrl, signaturePng, simplePdf } from '../support/fixtures.js';
import { Browser } from './helpers/browser.js';
import { admin, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { captureLog } from './helpers/log-capture.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const ORIGIN = 'http://localhost:3000';
const api = (path: string) => `${ORIGIN}/api${path}`;
const LINK_MESSAGE = 'This link has expired or is not valid. Ask your manager to send you a new one.';

/** What a joiner typed part-way through the demo form: the NI number and their emergency contact. */
const SECRET_NI = 'JT 98 76 54 D';
const partAnswers = (file: unknown) => ({
  date_of_birth: '1999-04-17',
  national_insurance_number: SECRET_NI,
  mobile: '07911 123456',
  address_line1: '7 Quayside Mews',
  right_to_work_route: 'share_code',
  share_code: 'W12 A34 B56',
  right_to_work_document: file,
  nok_name: 'Pat Morgan',
  shoe_size: '9',
});

describe.each(DATABASES)('onboarding drafts on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let browser: Browser;
  const db = () => t.app.database.db;
  // Warnings and worse only: the lines a draft that does not open writes.
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: true, logStream: log.stream, env: { LOG_LEVEL: 'warn' } });
    browser = new Browser({ [ORIGIN]: t.app });
  });
  afterAll(() => t.dropAll());

  async function invite(email = newEmail()) {
    const lines = await admin(t.app, 'invite', {
      forename: 'Ava',
      surname: 'Clarke',
      email,
      venue: 'The Lantern, York',
      position: 'Bartender',
      startDate: '2026-12-01',
      fieldset: 'UK hospitality joiner',
    });
    const { token } = linkOf(lines, 'onboard');
    // The page's first call, which also gives the browser its XSRF cookie.
    expect((await browser.get(api(`/staff/self-service-onboard/${token}`))).status).toBe(200);
    return { email, token };
  }
  const draftOf = async (token: string) => {
    const res = await browser.get(api(`/staff/self-service-onboard/${token}/draft`));
    expect(res.status, res.body).toBe(200);
    return res.json().data as { fields: Record<string, unknown>; revision: number; updated_at: string } | null;
  };
  const saveDraft = (token: string, body: unknown) =>
    browser.post(api(`/staff/self-service-onboard/${token}/draft`), body);
  const upload = async (token: string, name: string) => {
    const res = await browser.post(api(`/staff/self-service/${token}/file`), {
      file_data: dataUrl('application/pdf', await simplePdf(name)),
      filename: `${name}.pdf`,
    });
    expect(res.status, res.body).toBe(200);
    return res.json().data as {
      id: string;
      original_filename: string;
      size: number;
      content_type: string;
      uri: string;
    };
  };
  const draftRow = async (token: string) => {
    const [row] = await db()
      .select({ id: onboardings.id })
      .from(onboardings)
      .where(eq(onboardings.tokenHash, hashToken(token)));
    return (await db().select().from(onboardingDrafts).where(eq(onboardingDrafts.onboardingId, row!.id)))[0];
  };

  it('gives a saved draft back to the same link, uploads included, and keeps the saved answers as they were', async () => {
    const { token } = await invite();
    expect(await draftOf(token)).toBeNull();
    const passport = await upload(token, 'passport');
    const saved = await saveDraft(token, { fields: partAnswers(passport), revision: 1 });
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json().data).toEqual({ revision: 1, updated_at: expect.any(String) });

    const draft = await draftOf(token);
    const { uri: _uri, ...storedFile } = passport;
    expect(draft).toEqual({ fields: partAnswers(storedFile), revision: 1, updated_at: saved.json().data.updated_at });
    // A draft is not an answer: the status still has none, and the joiner is still on the details step.
    const status = (await browser.get(api(`/staff/self-service-onboard/${token}`))).json();
    expect(status).toMatchObject({ step: 'details', fields: {} });

    // The next save replaces the whole draft (an answer cleared is cleared).
    const next = await saveDraft(token, {
      fields: { ...partAnswers(passport), share_code: null, nok_name: 'Pat Morgan-Lee' },
      revision: 2,
    });
    expect(next.json().data.revision).toBe(2);
    expect((await draftOf(token))!.fields).toMatchObject({
      share_code: null,
      nok_name: 'Pat Morgan-Lee',
      right_to_work_document: storedFile,
    });
  });

  it('keeps every answer sealed in the database, openable by that onboarding only', async () => {
    const { token } = await invite();
    const passport = await upload(token, 'passport');
    await saveDraft(token, { fields: partAnswers(passport), revision: 1 });
    const row = await draftRow(token);
    expect(row!.answersSealed).toMatch(/^v2\./);
    const stored = JSON.stringify(row);
    for (const plain of [
      SECRET_NI,
      SECRET_NI.replaceAll(' ', ''),
      '07911 123456',
      'Quayside',
      'W12 A34 B56',
      'Pat Morgan',
      passport.id,
      'passport.pdf',
      'national_insurance_number',
    ]) {
      expect(stored, plain).not.toContain(plain);
    }

    // A sealed draft copied to another joiner's row does not open there: that form starts empty, and
    // the log says so once for the row, naming the column and the row, never the answers or the link.
    const other = await invite();
    const [otherRow] = await db()
      .select({ id: onboardings.id })
      .from(onboardings)
      .where(eq(onboardings.tokenHash, hashToken(other.token)));
    await db()
      .insert(onboardingDrafts)
      .values({ onboardingId: otherRow!.id, answersSealed: row!.answersSealed, revision: 1 });
    expect(await draftOf(other.token)).toBeNull();
    expect(await draftOf(other.token)).toBeNull();
    const warnings = log.lines().filter((line) => line.msg === UNOPENED_SEAL_MESSAGE && line.rowId === otherRow!.id);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 50,
        field: 'onboarding_drafts.answers_sealed',
        rowId: otherRow!.id,
        reqId: expect.any(String),
      }),
    ]);
    expect(Object.keys(warnings[0]!).sort()).toEqual([
      'field',
      'hostname',
      'level',
      'msg',
      'pid',
      'reqId',
      'rowId',
      'time',
    ]);
    for (const secret of [
      token,
      other.token,
      SECRET_NI,
      row!.answersSealed,
      t.app.services.fieldKeys.current.key.toString('base64'),
    ])
      expect(log.text(), secret).not.toContain(secret);
    expect((await draftOf(token))!.fields.national_insurance_number).toBe(SECRET_NI);
  });

  it('never shows one link the draft of another, nor lets it save into it', async () => {
    const ava = await invite();
    const ben = await invite();
    await saveDraft(ava.token, { fields: { national_insurance_number: SECRET_NI }, revision: 1 });
    expect(await draftOf(ben.token)).toBeNull();
    await saveDraft(ben.token, { fields: { nok_name: 'Sam' }, revision: 5 });
    expect((await draftOf(ava.token))!.fields).toEqual({ national_insurance_number: SECRET_NI });
    expect((await draftOf(ben.token))!.fields).toEqual({ nok_name: 'Sam' });

    // Ava's upload is hers: Ben's draft cannot name it.
    const avasFile = await upload(ava.token, 'passport');
    const taken = await saveDraft(ben.token, { fields: { right_to_work_document: avasFile }, revision: 6 });
    expect(taken.status).toBe(400);
    expect(taken.json().errors.fields).toEqual([{ field: 'right_to_work_document', error: 'Upload the file again' }]);
    expect((await draftOf(ben.token))!.fields).toEqual({ nok_name: 'Sam' });

    for (const token of ['x'.repeat(43), 'nope']) {
      const read = await browser.get(api(`/staff/self-service-onboard/${token}/draft`));
      expect(read.status).toBe(404);
      expect(read.json()).toEqual({ errors: { message: LINK_MESSAGE, code: 'NOT_FOUND' } });
      expect((await saveDraft(token, { fields: {}, revision: 1 })).status).toBe(404);
    }
  });

  it('keeps the newest save when an older one arrives late', async () => {
    const { token } = await invite();
    await saveDraft(token, { fields: { nok_name: 'newer' }, revision: 7 });
    const late = await saveDraft(token, { fields: { nok_name: 'older' }, revision: 6 });
    expect(late.status).toBe(200);
    // The answer names the revision kept, so the page knows its save lost.
    expect(late.json().data.revision).toBe(7);
    expect((await draftOf(token))!.fields).toEqual({ nok_name: 'newer' });
  });

  it('keeps the draft through a refused Continue, and deletes it with the saved details and at completion', async () => {
    const { token } = await invite();
    const passport = await upload(token, 'passport');
    const typed = { ...goodAnswers(passport), national_insurance_number: 'QQ123' };
    await saveDraft(token, { fields: typed, revision: 1 });
    const refused = await browser.post(api(`/staff/self-service-onboard/${token}`), { fields: typed });
    expect(refused.status).toBe(400);
    expect((await draftOf(token))!.fields.national_insurance_number).toBe('QQ123');

    await saveDraft(token, { fields: goodAnswers(passport), revision: 2 });
    const saved = await browser.post(api(`/staff/self-service-onboard/${token}`), { fields: goodAnswers(passport) });
    expect(saved.status, saved.body).toBe(200);
    expect(await draftRow(token)).toBeUndefined();
    expect(await draftOf(token)).toBeNull();
    // A save still on its way when Continue went through keeps nothing.
    const late = await saveDraft(token, { fields: { nok_name: 'late' }, revision: 3 });
    expect(late.status).toBe(409);
    expect(late.json().errors.message).toBe('Please sign your contract first.');
    expect(await draftRow(token)).toBeUndefined();

    expect(
      (
        await browser.post(api(`/staff/self-service-onboard/${token}/contract/sign`), {
          signature_data: await signaturePng(),
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await browser.post(api(`/staff/self-service-onboard/${token}/password`), {
          password: 'Welcome2026',
          password_check: 'Welcome2026',
        })
      ).status,
    ).toBe(200);
    expect(await draftOf(token)).toBeNull();
    expect(await draftRow(token)).toBeUndefined();
  });

  it('leaves no draft behind when a save races the Continue that saves the details', async () => {
    for (let round = 0; round < 4; round++) {
      const { token } = await invite();
      const passport = await upload(token, 'passport');
      const [draft, details] = await Promise.all([
        saveDraft(token, { fields: goodAnswers(passport), revision: 1 }),
        browser.post(api(`/staff/self-service-onboard/${token}`), { fields: goodAnswers(passport) }),
      ]);
      expect(details.status, details.body).toBe(200);
      expect([200, 409]).toContain(draft.status);
      expect(await draftRow(token), `round ${round}`).toBeUndefined();
    }
  });

  it('drops the draft when HR sends a new link: the old one opens nothing, the new one starts empty', async () => {
    const { email, token } = await invite();
    await saveDraft(token, { fields: { national_insurance_number: SECRET_NI }, revision: 1 });
    const again = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Ava',
        surname: 'Clarke',
        email,
        venue: 'The Lantern, York',
        position: 'Bartender',
        startDate: '2026-12-01',
      }),
      'onboard',
    );
    expect((await browser.get(api(`/staff/self-service-onboard/${token}/draft`))).status).toBe(404);
    expect(await draftOf(again.token)).toBeNull();
    expect(await draftRow(again.token)).toBeUndefined();
  });

  it('the clean-up deletes the drafts of expired links and keeps the others', async () => {
    const expiring = await invite();
    const current = await invite();
    await saveDraft(expiring.token, { fields: { nok_name: 'Gone soon' }, revision: 1 });
    await saveDraft(current.token, { fields: { nok_name: 'Still here' }, revision: 1 });
    const [expiringRow] = await db()
      .select({ id: onboardings.id })
      .from(onboardings)
      .where(eq(onboardings.tokenHash, hashToken(expiring.token)));
    await db()
      .update(onboardings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(onboardings.id, expiringRow!.id));
    // The expired link no longer reads it even before the clean-up runs.
    expect((await browser.get(api(`/staff/self-service-onboard/${expiring.token}/draft`))).status).toBe(404);

    const result = await runCleanUp({ services: t.app.services });
    expect(result).toMatchObject({ ran: true, drafts: 1 });
    expect(
      await db().select().from(onboardingDrafts).where(eq(onboardingDrafts.onboardingId, expiringRow!.id)),
    ).toEqual([]);
    expect((await draftOf(current.token))!.fields).toEqual({ nok_name: 'Still here' });
  });

  it('refuses bad and oversize bodies with a clear 4xx and changes nothing', async () => {
    const { token } = await invite();
    const kept = { fields: { nok_name: 'Pat', national_insurance_number: SECRET_NI }, revision: 3 };
    await saveDraft(token, kept);
    const before = await draftOf(token);

    const refusals: [string, unknown, number, string | RegExp][] = [
      [
        'a name not on the form',
        { fields: { nok_name: 'X', shoe_colour: 'red' }, revision: 9 },
        400,
        'This draft cannot be kept.',
      ],
      [
        'a display-only field',
        { fields: { about_you_title: 'hello' }, revision: 9 },
        400,
        'This draft cannot be kept.',
      ],
      [
        'a text in a file field',
        { fields: { right_to_work_document: 'passport.pdf' }, revision: 9 },
        400,
        'This draft cannot be kept.',
      ],
      [
        'a file in a text field',
        {
          fields: {
            nok_name: {
              id: '00000000-0000-4000-8000-000000000000',
              original_filename: 'x.pdf',
              size: 1,
              content_type: 'application/pdf',
            },
          },
          revision: 9,
        },
        400,
        'This draft cannot be kept.',
      ],
      [
        'a made-up file',
        {
          fields: {
            right_to_work_document: {
              id: '00000000-0000-4000-8000-000000000000',
              original_filename: 'x.pdf',
              size: 1,
              content_type: 'application/pdf',
            },
          },
          revision: 9,
        },
        400,
        'This draft cannot be kept.',
      ],
      ['an answer over 2000 characters', { fields: { nok_name: 'x'.repeat(2001) }, revision: 9 }, 400, /./],
      ['no revision', { fields: { nok_name: 'X' } }, 400, /./],
      ['a revision that is not a positive whole number', { fields: { nok_name: 'X' }, revision: 1.5 }, 400, /./],
      ['fields that are not an object', { fields: ['X'], revision: 9 }, 400, /./],
      [
        'over 200 fields',
        { fields: Object.fromEntries(Array.from({ length: 201 }, (_, i) => [`f${i}`, null])), revision: 9 },
        400,
        /./,
      ],
      ['malformed JSON', '{"fields": {', 400, /./],
      [
        'a body over 32 KiB',
        { fields: Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`f${i}`, 'x'.repeat(1900)])), revision: 9 },
        413,
        /./,
      ],
    ];
    for (const [what, body, status, message] of refusals) {
      const res = await saveDraft(token, body);
      expect(res.status, `${what}: ${res.body}`).toBe(status);
      expect(res.json().errors.message, what).toMatch(message);
    }
    const named = await saveDraft(token, {
      fields: { nok_name: 'X', shoe_colour: 'red', about_you_title: 'hi' },
      revision: 9,
    });
    expect(named.json().errors.fields).toEqual([
      { field: 'shoe_colour', error: 'is not a question on this form' },
      { field: 'about_you_title', error: 'is not a question on this form' },
    ]);
    // Without the XSRF header a save is refused like every other POST.
    expect(
      (
        await browser.post(
          api(`/staff/self-service-onboard/${token}/draft`),
          { fields: { nok_name: 'forged' }, revision: 10 },
          { xsrf: false },
        )
      ).status,
    ).toBe(403);

    expect(await draftOf(token)).toEqual(before);
  });

  it('describes both calls at /api/docs', async () => {
    const paths = (await t.app.inject({ url: '/api/docs/json' })).json().paths as Record<
      string,
      Record<string, unknown>
    >;
    expect(Object.keys(paths['/api/staff/self-service-onboard/{token}/draft'] ?? {}).sort()).toEqual(['get', 'post']);
  });
});
