/**
 * The joiner journey through the API (docs/product.md#onboarding): invite from the admin side, the onboarding link's
 * every step and every bad input, sign-in with the new password, and what is stored (or not).
 */
import { createHash, randomUUID } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { PDFDocument } from 'pdf-lib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, files, onboardings, staff } from '@server/db/schema.js';
import { readOutbox } from '@server/lib/mailer.js';
import { blankSignaturePng, dataUrl, jpegWithExif, pdfBomb, signaturePng, simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { Browser, signIn } from './helpers/browser.js';
import { admin, adminFails, bytesOption, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { runCommand } from '@server/cli/run-command.js';
import { exportPayroll } from '@server/modules/console/payroll/payroll.js';
import { runCleanUp } from '@server/modules/housekeeping/index.js';
import { sealPlainAnswers } from '@server/modules/onboarding/index.js';
import { sealField } from '@server/lib/field-crypto.js';
import { UNOPENED_SEAL_MESSAGE } from '@server/lib/unopened-seals.js';
import { captureLog } from './helpers/log-capture.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const ORIGIN = 'http://localhost:3000';
const LINK_MESSAGE = 'This link has expired or is not valid. Ask your manager to send you a new one.';

describe.each(DATABASES)('joiner onboarding on %s', (kind) => {
  let t: TestApp & { dataDir: string; databaseUrl?: string; dropAll(): Promise<void> };
  let browser: Browser;
  const api = (path: string) => `${ORIGIN}/api${path}`;
  // Warnings and worse only: the lines sealed answers that do not open write.
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: true, logStream: log.stream, env: { LOG_LEVEL: 'warn' } });
    browser = new Browser({ [ORIGIN]: t.app });
  });
  afterAll(() => t.dropAll());

  async function invite(extra: Record<string, unknown> = {}) {
    const email = newEmail();
    const lines = await admin(t.app, 'invite', {
      forename: 'Ava',
      surname: 'Clarke',
      email,
      venue: 'The Lantern, York',
      position: 'Bartender',
      startDate: '2026-12-01',
      fieldset: 'UK hospitality joiner',
      ...extra,
    });
    return { email, ...linkOf(lines, 'onboard') };
  }
  async function upload(token: string, bytes: Uint8Array, type: string, filename: string) {
    return browser.post(api(`/staff/self-service/${token}/file`), { file_data: dataUrl(type, bytes), filename });
  }
  async function toContractStep(token: string) {
    const up = await upload(token, await simplePdf('Passport'), 'application/pdf', 'passport.pdf');
    expect(up.status).toBe(200);
    const res = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: goodAnswers(up.json().data),
    });
    expect(res.status, res.body).toBe(200);
    return res;
  }

  it('invites a joiner: prints the link last, emails it, and shows the details step', async () => {
    const { email, link, token } = await invite();
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toContain('Welcome to');
    expect(mail[0]!.text).toContain(link);

    const res = await browser.get(api(`/staff/self-service-onboard/${token}`));
    expect(res.status).toBe(200);
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    const status = res.json();
    expect(status.step).toBe('details');
    expect(status.data.forename).toBe('Ava');
    expect(status.fields).toEqual({});
    expect(status.errors).toEqual([]);
    const names = status.fieldset.data.fields.map((f: { name: string }) => f.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'date_of_birth',
        'national_insurance_number',
        'right_to_work_document',
        'share_code',
        'nok_name',
      ]),
    );

    // Only the hash of the token is stored.
    const [row] = await t.app.database.db
      .select()
      .from(onboardings)
      .innerJoin(staff, eq(staff.id, onboardings.staffId))
      .where(eq(staff.emailAddress, email));
    expect(row!.onboardings.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // No password yet: the joiner cannot sign in.
    expect(row!.staff.passwordHash).toBeNull();
  });

  it('answers 404 with the friendly message for unknown, malformed and expired links', async () => {
    for (const token of ['x'.repeat(43), 'nope', encodeURIComponent('../../etc/passwd')]) {
      const res = await browser.get(api(`/staff/self-service-onboard/${token}`));
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ errors: { message: LINK_MESSAGE, code: 'NOT_FOUND' } });
    }
    const { token } = await invite();
    await t.app.database.db
      .update(onboardings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(onboardings.tokenHash, createHash('sha256').update(token).digest('hex')));
    for (const [method, path] of [
      ['GET', ''],
      ['POST', ''],
      ['GET', '/contract/text'],
      ['POST', '/password'],
    ] as const) {
      const res = await browser.request(method, api(`/staff/self-service-onboard/${token}${path}`), {
        body: method === 'POST' ? { fields: {}, password: 'a', password_check: 'a' } : undefined,
      });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.json().errors.message).toBe(LINK_MESSAGE);
    }
    const up = await upload(token, await simplePdf('x'), 'application/pdf', 'x.pdf');
    expect(up.status).toBe(404);
  });

  it('validates every field on the server and saves nothing until all pass', async () => {
    const { token, email } = await invite();
    const bad = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: {
        date_of_birth: '2099-01-01',
        national_insurance_number: 'QQ123',
        mobile: '12345',
        address_line1: '',
        address_postal_code: 'NOT A POSTCODE',
        right_to_work_route: 'share_code',
        share_code: '',
        right_to_work_document: {
          id: '00000000-0000-4000-8000-000000000000',
          original_filename: 'fake.pdf',
          size: 1,
          content_type: 'application/pdf',
        },
        nok_name: 'Pat',
        nok_relationship: 'cousin',
        nok_phone: '+44 113 496 0000',
        bank_account: '1234 567',
        sort_code: '12-34-5x',
        shoe_size: 'nine',
        favourite_colour: 'blue',
      },
    });
    expect(bad.status).toBe(400);
    const errors = Object.fromEntries(
      bad.json().errors.fields.map((f: { field: string; error: string }) => [f.field, f.error]),
    );
    expect(errors).toEqual({
      date_of_birth: 'cannot be in the future',
      national_insurance_number: 'Enter a National Insurance number in capitals, like AB 12 34 56 C',
      mobile: expect.stringContaining('Enter a valid phone number'),
      address_line1: 'This field is required',
      address_postal_code: 'Enter a UK postcode, like LS1 4AP',
      share_code: 'This field is required',
      right_to_work_document: 'Upload the file again',
      nok_relationship: 'Choose one of the options',
      bank_account: 'Enter the 8-digit account number',
      sort_code: 'Enter the 6-digit sort code, like 12-34-56',
      shoe_size: 'Enter a number',
      favourite_colour: 'is not a question on this form',
    });
    expect(bad.json().errors.message).toBe('Some answers need another look.');

    const more = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: { date_of_birth: '2001-02-30', mobile: 'not a phone', nok_phone: '07911 123456' },
    });
    const moreErrors = more.json().errors.fields;
    expect(moreErrors).toContainEqual({ field: 'date_of_birth', error: 'Enter a real date' });

    const status = (await browser.get(api(`/staff/self-service-onboard/${token}`))).json();
    expect(status.step).toBe('details');
    expect(status.fields).toEqual({});
    const [person] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email));
    expect(person!.dateOfBirth).toBeNull();
  });

  it('keeps the saved answers sealed at rest, seals what an earlier version left in plain, and still hands the NI number to payroll', async () => {
    const { token, email } = await invite();
    const saved = await toContractStep(token);
    const { db } = t.app.database;
    const [person] = await db.select().from(staff).where(eq(staff.emailAddress, email));
    const [row] = await db.select().from(onboardings).where(eq(onboardings.staffId, person!.id));
    const rawRow = async () =>
      (
        (await db.execute(
          sql`select (to_jsonb(o) - 'fields')::text as raw from onboardings o where id = ${row!.id}`,
        )) as unknown as { rows: { raw: string }[] }
      ).rows[0]!.raw;
    // Nothing the joiner answered can be read from the database without the field key (the form's own
    // copy of the fieldset, whose hint shows an example NI number, aside).
    const raw = await rawRow();
    for (const answer of ['AB 12 34 56 C', '1999-04-17', 'Pat Morgan'])
      expect(
        raw.indexOf(answer),
        `${answer} in ${raw.slice(Math.max(0, raw.indexOf(answer) - 200), raw.indexOf(answer) + 40)}`,
      ).toBe(-1);
    // The uploads stay plain as well (the files' own rows hold the same), for the clean-up.
    const passport = saved.json().fields.right_to_work_document;
    expect(row!.answers).toEqual({ right_to_work_document: passport });
    expect(row!.answersSealed).toMatch(/^v2\./);
    const status = async () => {
      const res = await browser.get(api(`/staff/self-service-onboard/${token}`));
      expect(res.status, res.body).toBe(200);
      return res.json().fields;
    };
    expect(await status()).toMatchObject({ national_insurance_number: 'AB 12 34 56 C', nok_name: 'Pat Morgan' });

    // Sealed answers that do not open here (sealed for another row) read as the uploads alone, not a 500,
    // and the log says so once for the row, naming the column and the row, never the answers or the link.
    const elsewhere = sealField(
      t.app.services.fieldKeys,
      '{"national_insurance_number":"ZZ 11 22 33 Z"}',
      `onboarding-answers:${randomUUID()}`,
    );
    await db.update(onboardings).set({ answersSealed: elsewhere }).where(eq(onboardings.id, row!.id));
    expect(await status()).toEqual({ right_to_work_document: passport });
    expect(await status()).toEqual({ right_to_work_document: passport });
    const warnings = log.lines().filter((line) => line.msg === UNOPENED_SEAL_MESSAGE && line.rowId === row!.id);
    expect(warnings).toEqual([
      expect.objectContaining({
        level: 50,
        field: 'onboardings.answers_sealed',
        rowId: row!.id,
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
      'ZZ 11 22 33 Z',
      'AB 12 34 56 C',
      elsewhere,
      row!.answersSealed!,
      t.app.services.fieldKeys.current.key.toString('base64'),
    ]) {
      expect(log.text(), secret).not.toContain(secret);
    }

    // A row an earlier version saved in plain JSON is read as it is, then sealed by a start's step, and by
    // the hourly clean-up when an instance still on that version saves one meanwhile.
    const plain = { ...saved.json().fields, national_insurance_number: 'CD 98 76 54 A' };
    const savePlain = () =>
      db.update(onboardings).set({ answers: plain, answersSealed: null }).where(eq(onboardings.id, row!.id));
    await savePlain();
    expect(await status()).toEqual(plain);
    // A start on the same database (the same data folder, so the same key) seals it before answering.
    const started = await createTestApp(kind, {
      dataDir: t.dataDir,
      databaseUrl: t.databaseUrl,
      database: t.app.database,
      seed: false,
    });
    await started.close();
    expect(await rawRow()).not.toContain('CD 98 76 54 A');
    expect(await sealPlainAnswers({ db, fieldKeys: t.app.services.fieldKeys })).toBe(0);
    const [resealed] = await db.select().from(onboardings).where(eq(onboardings.id, row!.id));
    expect(resealed!.answers).toEqual({ right_to_work_document: passport });
    expect(await status()).toEqual(plain);
    await savePlain();
    expect(await runCleanUp({ services: t.app.services })).toMatchObject({ ran: true, answersSealed: 1 });
    expect(await rawRow()).not.toContain('CD 98 76 54 A');
    expect(await status()).toEqual(plain);

    // Payroll opens them: the NI number is in the joiner's row of the CSV.
    await db.update(staff).set({ onboardComplete: true }).where(eq(staff.id, person!.id));
    const payroll = async () => {
      const { csv } = await exportPayroll({
        db,
        fieldKeys: t.app.services.fieldKeys,
        scope: { actorId: person!.id, role: 'hr', venueIds: null },
        since: '2000-01-01',
        ip: '127.0.0.1',
        log: t.app.log,
      });
      return csv.split('\n').find((line) => line.includes(email))!;
    };
    expect(await payroll()).toContain('CD 98 76 54 A');
    // Answers that do not open leave the cell empty there too; the row was reported already, so no second line.
    await db.update(onboardings).set({ answersSealed: elsewhere }).where(eq(onboardings.id, row!.id));
    expect(await payroll()).not.toMatch(/CD 98 76 54 A|ZZ 11 22 33 Z/);
    expect(log.lines().filter((line) => line.msg === UNOPENED_SEAL_MESSAGE && line.rowId === row!.id)).toHaveLength(1);
  });

  it('keeps only the uploads the saved answers refer to, and caps uploads per link', async () => {
    const { token, email } = await invite();
    const first = (await upload(token, await simplePdf('old scan'), 'application/pdf', 'old.pdf')).json().data;
    const second = (await upload(token, await simplePdf('new scan'), 'application/pdf', 'new.pdf')).json().data;
    expect(
      (await browser.post(api(`/staff/self-service-onboard/${token}`), { fields: goodAnswers(second) })).status,
    ).toBe(200);
    const [person] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email));
    const kept = await t.app.database.db
      .select()
      .from(files)
      .where(and(eq(files.ownerStaffId, person!.id), eq(files.bucket, 'onboarding')));
    expect(kept.map((f) => f.id)).toEqual([second.id]);
    expect(kept.map((f) => f.id)).not.toContain(first.id);

    const other = await invite();
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await upload(other.token, png, 'image/png', `p${i}.png`)).status);
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
  });

  it('applies input_pattern to email and phone answers too', async () => {
    const fieldset = {
      name: `Patterned ${kind}`,
      fields: [
        {
          id: 1,
          name: 'work_email',
          label: 'Work email',
          type: 'email',
          required: true,
          input_pattern: '.+@lantern-inns\\.co\\.uk',
          input_pattern_error: 'Use your @lantern-inns.co.uk address',
        },
        { id: 2, name: 'landline', label: 'Landline', type: 'phone', input_pattern: '0113.*' },
      ],
    };
    await admin(t.app, 'fieldset import', { file: bytesOption('patterned.json', JSON.stringify(fieldset)) });
    const { token } = await invite({ fieldset: fieldset.name });
    const bad = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: { work_email: 'erin@gmail.com', landline: '0161 496 0000' },
    });
    expect(bad.json().errors.fields).toEqual([
      { field: 'work_email', error: 'Use your @lantern-inns.co.uk address' },
      { field: 'landline', error: 'is not in the right format' },
    ]);
    const ok = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: { work_email: 'Erin@lantern-inns.co.uk', landline: '0113 496 0000' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json().fields.work_email).toBe('erin@lantern-inns.co.uk');
  });

  it('asks for a dependent field only when it is shown, and drops it when hidden', async () => {
    const { token } = await invite();
    const up = (await upload(token, await simplePdf('eVisa'), 'application/pdf', 'evisa.pdf')).json().data;
    const withShareCode = { ...goodAnswers(up), right_to_work_route: 'share_code' };
    const missing = await browser.post(api(`/staff/self-service-onboard/${token}`), { fields: withShareCode });
    expect(missing.status).toBe(400);
    expect(missing.json().errors.fields).toEqual([{ field: 'share_code', error: 'This field is required' }]);

    // Hidden (another route chosen): a share code sent anyway is not kept.
    const ok = await browser.post(api(`/staff/self-service-onboard/${token}`), {
      fields: { ...goodAnswers(up), share_code: 'W12 A34 B56' },
    });
    expect(ok.status).toBe(200);
    expect(ok.json().fields.share_code).toBeUndefined();
  });

  it('takes uploads it can vouch for and refuses disguised, oversized and foreign files', async () => {
    const { token } = await invite();
    const pdf = await upload(token, await simplePdf('Passport'), 'application/pdf', 'C:\\Users\\ava\\passport.pdf');
    expect(pdf.status).toBe(200);
    expect(pdf.json().data).toMatchObject({ original_filename: 'passport.pdf', content_type: 'application/pdf' });

    // A photo keeps its pixels but loses its metadata.
    const photo = await upload(token, await jpegWithExif(), 'image/jpeg', 'photo.jpeg');
    expect(photo.status).toBe(200);
    const [stored] = await t.app.database.db.select().from(files).where(eq(files.id, photo.json().data.id));
    const bytes = await t.app.services.storage.get(stored!.storageKey);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();
    expect(photo.json().data.original_filename).toBe('photo.jpg');

    const html = await upload(
      token,
      Buffer.from('<html><script>alert(1)</script></html>'),
      'application/pdf',
      'passport.pdf',
    );
    expect(html.status).toBe(415);
    expect(html.json().errors.message).toMatch(/not accepted.*PDF, JPG, PNG, WEBP/);
    const exe = await upload(
      token,
      Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff'),
      'application/pdf',
      'cv.pdf',
    );
    expect(exe.status).toBe(415);
    const fakePdf = await upload(token, Buffer.from('%PDF-1.7\nnot really a pdf'), 'application/pdf', 'broken.pdf');
    expect(fakePdf.status).toBe(400);

    // A photo of several megabytes (the route's own body limit, not the 1 MB default, applies).
    const noise = await sharp(
      Buffer.from(Array.from({ length: 1200 * 1000 * 3 }, () => Math.floor(Math.random() * 256))),
      { raw: { width: 1200, height: 1000, channels: 3 } },
    )
      .png()
      .toBuffer();
    expect(noise.length).toBeGreaterThan(3 * 1024 * 1024);
    expect((await upload(token, noise, 'image/png', 'scan.png')).status).toBe(200);

    // A decompression bomb is refused (by the parser's caps, not by a clock here), and the server keeps answering.
    const bomb = await upload(token, pdfBomb(400), 'application/pdf', 'bomb.pdf');
    expect(bomb.status).toBe(400);
    expect(bomb.json().errors.message).toContain('could not be read');
    expect((await browser.get(api(`/staff/self-service-onboard/${token}`))).status).toBe(200);

    const big = await upload(token, Buffer.alloc(10 * 1024 * 1024 + 1024, 1), 'application/pdf', 'huge.pdf');
    expect(big.status).toBe(413);
    expect(big.json().errors.message).toContain('too large');
    const huge = await upload(token, Buffer.alloc(12 * 1024 * 1024, 1), 'application/pdf', 'huge.pdf');
    expect(huge.status).toBe(413);

    const notBase64 = await browser.post(api(`/staff/self-service/${token}/file`), {
      file_data: 'data:application/pdf;base64,@@@@',
      filename: 'x.pdf',
    });
    expect(notBase64.status).toBe(400);
    const notDataUrl = await browser.post(api(`/staff/self-service/${token}/file`), {
      file_data: 'https://evil.example/x.pdf',
      filename: 'x.pdf',
    });
    expect(notDataUrl.status).toBe(400);
    const badBucket = await browser.post(api(`/staff/self-service/${token}/file`), {
      file_data: dataUrl('application/pdf', await simplePdf('x')),
      filename: 'x.pdf',
      bucket: 'selfies',
    });
    expect(badBucket.status).toBe(400);

    // Another joiner's file cannot be claimed as an answer.
    const other = await invite();
    const theirs = (await upload(other.token, await simplePdf('theirs'), 'application/pdf', 'theirs.pdf')).json().data;
    const claim = await browser.post(api(`/staff/self-service-onboard/${token}`), { fields: goodAnswers(theirs) });
    expect(claim.status).toBe(400);
    expect(claim.json().errors.fields).toEqual([{ field: 'right_to_work_document', error: 'Upload the file again' }]);
  });

  it('goes details → contract → password → complete, each step only from the one before', async () => {
    const { token, email } = await invite();
    const base = api(`/staff/self-service-onboard/${token}`);
    const sig = await signaturePng();

    // Too early for the contract and the password.
    expect((await browser.get(`${base}/contract/text`)).status).toBe(409);
    expect((await browser.post(`${base}/contract/sign`, { signature_data: sig })).status).toBe(409);
    const early = await browser.post(`${base}/password`, { password: 'Welcome123', password_check: 'Welcome123' });
    expect(early.status).toBe(409);
    expect(early.json().errors.message).toBe('Please fill in your details first.');

    const saved = await toContractStep(token);
    expect(saved.json().step).toBe('contract');
    expect(saved.json().fields).toMatchObject({
      national_insurance_number: 'AB 12 34 56 C',
      shoe_size: 9,
      date_of_birth: '1999-04-17',
    });
    // Well-known answers fill the staff record.
    const [person] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email));
    expect(person).toMatchObject({
      dateOfBirth: '1999-04-17',
      mobile: '+447911123456',
      nokName: 'Pat Morgan',
      addressPostalCode: 'LS1 6HD',
    });
    // Details cannot be saved twice, nor files added after them.
    expect((await browser.post(base, { fields: goodAnswers(null) })).status).toBe(409);
    expect((await upload(token, await simplePdf('late'), 'application/pdf', 'late.pdf')).status).toBe(409);

    const text = await browser.get(`${base}/contract/text`);
    expect(text.status).toBe(200);
    const contract = text.json();
    expect(contract.meta).toEqual({ url: null, title: 'Contract of employment' });
    expect(contract.data).toContain('Ava Clarke');
    expect(contract.data).toContain('Bartender');
    expect(contract.data).toContain('The Lantern, York');
    expect(contract.data).toContain('01/12/2026');
    expect(contract.data).not.toMatch(/\{\{|<script|<title/);

    // Bad signatures change nothing.
    for (const bad of [
      await blankSignaturePng(),
      'data:image/svg+xml;base64,PHN2Zy8+',
      'data:image/png;base64,AAAA',
      dataUrl('image/png', await jpegWithExif()),
      '',
    ]) {
      const res = await browser.post(`${base}/contract/sign`, { signature_data: bad });
      expect(res.status, bad.slice(0, 30)).toBe(400);
    }
    expect((await browser.get(base)).json().step).toBe('contract');

    const signed = await browser.post(
      `${base}/contract/sign`,
      { signature_data: sig },
      { headers: { 'user-agent': 'Mozilla/5.0 (iPhone) Test' } },
    );
    expect(signed.status, signed.body).toBe(200);
    expect(signed.json().step).toBe('password');
    expect((await browser.post(`${base}/contract/sign`, { signature_data: sig })).status).toBe(409);

    // The signed contract PDF: the document, the footer and the certificate with the evidence.
    const pdfRes = await t.app.inject({ method: 'GET', url: `/api/staff/self-service-onboard/${token}/contract/pdf` });
    expect(pdfRes.statusCode).toBe(200);
    expect(pdfRes.headers['content-type']).toBe('application/pdf');
    const pages = await pdfPages(pdfRes.rawPayload);
    const certificate = pages.at(-1)!;
    expect(pages[0]).toContain('Contract of employment');
    expect(pages[0]).toContain('Signed electronically by Ava Clarke');
    expect(certificate).toContain('Signature certificate');
    expect(certificate).toContain(email);
    expect(certificate).toContain('Mozilla/5.0 (iPhone) Test');
    expect(certificate).toContain(createHash('sha256').update(contract.data).digest('hex'));
    expect(certificate).toContain('127.0.0.1');

    // Weak passwords are refused with every reason.
    const weak = await browser.post(`${base}/password`, { password: 'short', password_check: 'shorter' });
    expect(weak.status).toBe(400);
    expect(weak.json().errors.fields).toEqual([
      { field: 'password', error: 'must be at least 8 characters' },
      { field: 'password', error: 'must contain at least 1 digit' },
      { field: 'password_check', error: 'must be the same as the password' },
    ]);
    expect(
      (
        await browser.post(`${base}/password`, {
          password: 'longenoughbutnodigit',
          password_check: 'longenoughbutnodigit',
        })
      ).status,
    ).toBe(400);
    expect((await browser.post(`${base}/password`, { password: 'Welcome123', password_check: '' })).status).toBe(400);
    expect((await browser.post(`${base}/password`, { password: 'Welcome123' })).status).toBe(400);

    const done = await browser.post(`${base}/password`, { password: 'Welcome123', password_check: 'Welcome123' });
    expect(done.status).toBe(200);
    expect(done.json().step).toBe('complete');
    // The completed link no longer shows the answers.
    expect((await browser.get(base)).json().fields).toEqual({});
    const again = await browser.post(`${base}/password`, { password: 'Other4567', password_check: 'Other4567' });
    expect(again.status).toBe(409);
    expect(again.json().errors.message).toBe('You have already finished onboarding. You can sign in now.');

    // The joiner signs in at the provider with that email and password.
    const { user } = await signIn(new Browser({ [ORIGIN]: t.app }), ORIGIN, email, 'Welcome123');
    expect(user.forename).toBe('Ava');

    const actions = (
      await t.app.database.db
        .select({ action: auditEvents.action })
        .from(auditEvents)
        .innerJoin(staff, eq(staff.id, auditEvents.staffId))
        .where(eq(staff.emailAddress, email))
    ).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'onboarding.invited',
        'contract.issued',
        'onboarding.details_saved',
        'contract.signed',
        'onboarding.password_set',
      ]),
    );
  });

  it('signs a PDF contract given at invite time, shown through meta.url', async () => {
    const original = await simplePdf('Head chef contract', 2);
    const { token } = await invite({ contractTemplate: bytesOption('head-chef-contract.pdf', original) });
    await toContractStep(token);
    const text = (await browser.get(api(`/staff/self-service-onboard/${token}/contract/text`))).json();
    expect(text.meta.url).toBe(`/api/staff/self-service-onboard/${token}/contract/pdf`);
    const before = await t.app.inject({ method: 'GET', url: text.meta.url });
    expect(Buffer.compare(before.rawPayload, Buffer.from(original))).toBe(0);
    expect(
      (
        await browser.post(api(`/staff/self-service-onboard/${token}/contract/sign`), {
          signature_data: await signaturePng(),
        })
      ).status,
    ).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: text.meta.url });
    const doc = await PDFDocument.load(after.rawPayload);
    expect(doc.getPageCount()).toBe(3);
    const pages = await pdfPages(after.rawPayload);
    expect(pages[1]).toContain('Head chef contract (page 2)');
    expect(pages[2]).toContain(createHash('sha256').update(original).digest('hex'));
  });

  it('refuses bad invitations with a clear message and keeps nothing', async () => {
    const email = newEmail();
    const unknownVenue = await adminFails(t.app, 'invite', { forename: 'A', surname: 'B', email, venue: 'The Moon' });
    expect(unknownVenue.error).toBe('No venue is called "The Moon".');
    const badTemplate = await adminFails(t.app, 'invite', {
      forename: 'A',
      surname: 'B',
      email,
      contractTemplate: bytesOption('contract.html', '<p>Hello {{nickname}}</p>'),
    });
    expect(badTemplate.error).toContain('merge fields that do not exist: {{nickname}}');
    const fakePdf = await adminFails(t.app, 'invite', {
      forename: 'A',
      surname: 'B',
      email,
      contractTemplate: bytesOption('contract.pdf', '<html>not a pdf</html>'),
    });
    expect(fakePdf.error).toContain('not accepted');
    const wrongType = await adminFails(t.app, 'invite', {
      forename: 'A',
      surname: 'B',
      email,
      contractTemplate: bytesOption('contract.docx', 'PK'),
    });
    expect(wrongType.error).toBe('A template must be an .html or a .pdf file.');
    const noStart = await adminFails(t.app, 'invite', {
      forename: 'A',
      surname: 'B',
      email,
      venue: 'The Lantern, York',
    });
    expect(noStart.error).toBe(
      'The template needs a position and a start date, which this person does not have on record (give --position and --start-date).',
    );
    const noFieldset = await adminFails(t.app, 'invite', { forename: 'A', surname: 'B', email, fieldset: 'Nope' });
    expect(noFieldset.error).toContain('No fieldset is called "Nope"');
    const [left] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email));
    expect(left).toBeUndefined();

    const taken = await adminFails(t.app, 'invite', {
      forename: 'Sam',
      surname: 'Taylor',
      email: 'sam.taylor@example.com',
    });
    expect(taken.error).toContain('already exists');
  });

  it('inviting again sends a new link and the old one stops working', async () => {
    const first = await invite();
    const again = linkOf(
      await admin(t.app, 'invite', { forename: 'Ava', surname: 'Clarke', email: first.email }),
      'onboard',
    );
    expect(again.token).not.toBe(first.token);
    expect((await browser.get(api(`/staff/self-service-onboard/${first.token}`))).status).toBe(404);
    expect((await browser.get(api(`/staff/self-service-onboard/${again.token}`))).status).toBe(200);
  });

  it('refuses malformed bodies with 400 and no 500', async () => {
    const { token } = await invite();
    const base = api(`/staff/self-service-onboard/${token}`);
    for (const body of [
      '{"fields":',
      { fields: 'nope' },
      { fields: { a: { nested: true } } },
      { fields: { a: 'x'.repeat(3000) } },
      [],
    ]) {
      const res = await browser.post(base, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json().errors.message).toBeTruthy();
    }
    expect((await browser.post(base, { fields: {} }, { xsrf: false })).status).toBe(403);
  });

  it('keeps onboarding audit events free of answers and tokens', async () => {
    const { token, email } = await invite();
    await toContractStep(token);
    const rows = await t.app.database.db
      .select()
      .from(auditEvents)
      .innerJoin(staff, eq(staff.id, auditEvents.staffId))
      .where(and(eq(staff.emailAddress, email), eq(auditEvents.action, 'onboarding.details_saved')));
    const text = JSON.stringify(rows.map((r) => r.audit_events));
    expect(text).toContain('national_insurance_number');
    expect(text).not.toContain('AB 12 34 56 C');
    expect(text).not.toContain(token);
  });
});

describe('link lookups are rate-limited per address', () => {
  it('answers 429 once the limit is passed', async () => {
    const t = await createTestApp('pglite', { env: { TOKEN_LOOKUPS_PER_MINUTE: '5' } });
    try {
      // One budget per address across every token route, so spreading guesses does not help.
      const urls = [
        '/api/staff/self-service-onboard/a',
        '/api/staff/agreement/b',
        '/api/staff/employment/contract/c',
        '/api/staff/self-service-onboard/d/contract/text',
        '/api/staff/agreement/e/pdf',
        '/api/staff/employment/contract/f/pdf',
        '/api/staff/self-service-onboard/g',
      ];
      const codes = [];
      for (const url of urls) codes.push((await t.app.inject({ method: 'GET', url })).statusCode);
      expect(codes.slice(0, 5)).toEqual([404, 404, 404, 404, 404]);
      expect(codes.slice(5)).toEqual([429, 429]);
      // Another address has its own budget.
      expect((await t.app.inject({ method: 'GET', url: urls[0]!, remoteAddress: '198.51.100.7' })).statusCode).toBe(
        404,
      );
    } finally {
      await t.dropAll();
    }
  });
});

describe('when mail cannot be sent', () => {
  it('still invites and issues, and prints the link for HR to pass on', async () => {
    const t = await createTestApp('pglite', {
      env: { SMTP_URL: 'smtp://127.0.0.1:1', MAIL_FROM: 'HR <hr@example.com>' },
    });
    try {
      const invited = await runCommand({
        services: t.app.services,
        name: 'invite',
        options: {
          forename: 'Mo',
          surname: 'Khan',
          email: 'mo.khan@example.com',
          venue: 'Salt & Ember, Chester',
          position: 'Chef',
          startDate: '2026-12-01',
        },
      });
      expect(invited.exitCode).toBe(0);
      expect(invited.lines.at(-2)).toMatch(
        /^The email could not be sent yet \(.*\)\. Staffroom keeps trying; you can also give them this link yourself:$/,
      );
      const { token } = linkOf(invited.lines, 'onboard');
      expect((await t.app.inject({ method: 'GET', url: `/api/staff/self-service-onboard/${token}` })).statusCode).toBe(
        200,
      );

      const issued = await runCommand({
        services: t.app.services,
        name: 'agreement issue',
        options: { staff: 'mo.khan@example.com', template: bytesOption('a.html', '<p>Locker policy</p>') },
      });
      expect(issued.exitCode).toBe(0);
      expect(issued.lines[0]).toContain('but the email could not be sent');
      linkOf(issued.lines, 'agreement');
    } finally {
      await t.dropAll();
    }
  });
});
