/**
 * My Details through the API (docs/product.md#my-details): every save with good and bad input, bank details sealed at
 * rest and masked on the wire, the 402 step-up gate, a sealed value that does not open, notices to the
 * previous address, the audit trail, and the profile picture saved once.
 */
import { randomUUID } from 'node:crypto';
import { and, eq, isNotNull } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, files, sessions, staff } from '@server/db/schema.js';
import { openField, sealField } from '@server/lib/field-crypto.js';
import { readOutbox } from '@server/lib/mailer.js';
import { UNOPENED_SEAL_MESSAGE } from '@server/lib/unopened-seals.js';
import { DEMO_PASSWORD } from '@server/modules/demo/seed-demo.js';
import { sessionCookieName } from '@server/plugins/session.js';
import { dataUrl, jpegWithExif } from '../support/fixtures.js';
import { Browser, signedInBrowser, signIn } from './helpers/browser.js';
import { captureLog } from './helpers/log-capture.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const SELFIE_NOTE =
  'Your picture has been saved. If it needs to change, your line manager must remove it in the HR system.';

describe.each(DATABASES)('My Details on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const rowOf = async (email: string) =>
    (await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email)))[0]!;
  const signedIn = (email: string) => signedInBrowser(t.app, PORTAL, email);
  // Warnings and worse only: the lines a sealed value that does not open writes.
  const log = captureLog();

  beforeAll(async () => {
    t = await createTestApp(kind, { logger: true, logStream: log.stream, env: { LOG_LEVEL: 'warn' } });
  });
  afterAll(() => t.dropAll());

  it('refuses bank and contact changes without a fresh second factor (402), and anyone signed out (403)', async () => {
    const b = await signedIn('riley.evans@example.com');
    for (const [path, body] of [
      ['/staff/self-service/financials', { bank_account: '12345678', sort_code: '12-34-56' }],
      ['/staff/self-service/contact-details', { email_address: 'riley.evans@example.com' }],
    ] as const) {
      const res = await b.post(api(path), body);
      expect(res.status).toBe(402);
      expect(res.json().errors.message).toBe('Please confirm it is you with a second factor, then save again.');
      const anon = await new Browser({ [PORTAL]: t.app }).post(api(path), body, { xsrf: false });
      expect(anon.status).toBe(403);
    }
    const row = await rowOf('riley.evans@example.com');
    expect(row.bankAccountSealed).toBeNull();
  });

  it('saves bank details sealed at rest, answers them in full only to the stepped-up session, audits them masked and tells the member', async () => {
    const email = 'sam.taylor@example.com';
    const b = await signedIn(email);
    await stepUpByEmail(b, t.dataDir, email);

    const bad = await b.post(api('/staff/self-service/financials'), { bank_account: '1234', sort_code: '12-34' });
    expect(bad.status).toBe(400);
    expect(bad.json().errors.fields).toEqual([
      { field: 'bank_account', error: 'Enter the 8-digit account number' },
      { field: 'sort_code', error: 'Enter the 6-digit sort code, like 12-34-56' },
    ]);
    expect(
      (await b.post(api('/staff/self-service/financials'), { bank_account: '1234567a', sort_code: '123456' })).status,
    ).toBe(400);

    const ok = await b.post(api('/staff/self-service/financials'), { bank_account: '31926819', sort_code: '60-16-13' });
    expect(ok.status, ok.body).toBe(200);
    // The session that just passed a second factor sees what it saved; any other sees the last digits.
    expect(ok.json().data).toMatchObject({ bank_account: '31926819', sort_code: '60-16-13' });
    const other = await signedIn(email);
    const otherMe = await other.get(api('/staff/self-service/me'));
    expect(otherMe.json().data).toMatchObject({ bank_account: '****6819', sort_code: '**-**-13' });
    expect(otherMe.body).not.toContain('31926819');

    const row = await rowOf(email);
    expect(JSON.stringify(row)).not.toContain('31926819');
    expect(JSON.stringify(row)).not.toContain('601613');
    expect(openField(t.app.services.fieldKeys, row.bankAccountSealed!, `staff:${row.id}:bank_account`)).toBe(
      '31926819',
    );
    expect(openField(t.app.services.fieldKeys, row.sortCodeSealed!, `staff:${row.id}:sort_code`)).toBe('601613');

    const [audit] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.bank_details_changed'));
    expect(audit!.details).toEqual({
      bank_account: { old: null, new: '****6819' },
      sort_code: { old: null, new: '**-**-13' },
    });
    const notice = (await readOutbox(t.dataDir)).filter((m) => m.to === email).at(-1)!;
    expect(notice.subject).toContain('bank details changed');
    expect(notice.text).toContain("If this wasn't you");
    expect(notice.text).not.toContain('6819');
  });

  it('shows the full bank details for 15 minutes after a second factor (/me, GET financials), masked before and after', async () => {
    const email = 'jamie.patel@example.com';
    const b = await signedIn(email);
    await stepUpByEmail(b, t.dataDir, email);
    expect(
      (await b.post(api('/staff/self-service/financials'), { bank_account: '40308812', sort_code: '20-00-07' })).status,
    ).toBe(200);

    const fresh = await signedIn(email);
    expect((await fresh.get(api('/staff/self-service/me'))).json().data).toMatchObject({
      bank_account: '****8812',
      sort_code: '**-**-07',
    });
    const refused = await fresh.get(api('/staff/self-service/financials'));
    expect(refused.status).toBe(402);
    expect(refused.body).not.toContain('40308812');

    await stepUpByEmail(fresh, t.dataDir, email);
    expect((await fresh.get(api('/staff/self-service/me'))).json().data).toMatchObject({
      bank_account: '40308812',
      sort_code: '20-00-07',
    });
    const shown = await fresh.get(api('/staff/self-service/financials'));
    expect(shown.status, shown.body).toBe(200);
    expect(shown.json()).toEqual({ data: { bank_account: '40308812', sort_code: '20-00-07' } });
    expect(shown.headers['cache-control']).toContain('no-store');

    // Sixteen minutes later the window has closed: masked again, and GET financials asks again.
    const row = await rowOf(email);
    await t.app.database.db
      .update(sessions)
      .set({ steppedUpAt: new Date(Date.now() - 16 * 60_000) })
      .where(and(eq(sessions.staffId, row.id), isNotNull(sessions.steppedUpAt)));
    const later = await fresh.get(api('/staff/self-service/me'));
    expect(later.json().data).toMatchObject({ bank_account: '****8812', sort_code: '**-**-07' });
    expect((await fresh.get(api('/staff/self-service/financials'))).status).toBe(402);
    expect((await new Browser({ [PORTAL]: t.app }).get(api('/staff/self-service/financials'))).status).toBe(403);
  });

  it('answers a bank detail that does not open as none, as before, and warns once naming the field and row, never the value', async () => {
    const email = 'riley.evans@example.com';
    const b = await signedIn(email);
    await stepUpByEmail(b, t.dataDir, email);
    expect(
      (await b.post(api('/staff/self-service/financials'), { bank_account: '55501234', sort_code: '40-47-84' })).status,
    ).toBe(200);
    const row = await rowOf(email);
    // Sealed for another row, so the tag check fails here as it would under a changed key.
    const elsewhere = sealField(t.app.services.fieldKeys, '77712345', `staff:${randomUUID()}:bank_account`);
    await t.app.database.db.update(staff).set({ bankAccountSealed: elsewhere }).where(eq(staff.id, row.id));

    for (let i = 0; i < 2; i++) {
      const shown = await b.get(api('/staff/self-service/financials'));
      expect(shown.status, shown.body).toBe(200);
      expect(shown.json()).toEqual({ data: { bank_account: null, sort_code: '40-47-84' } });
      // /me keeps the masked digits it always had for a value that does not open.
      expect((await b.get(api('/staff/self-service/me'))).json().data).toMatchObject({
        bank_account: '****1234',
        sort_code: '40-47-84',
      });
    }

    const warnings = log.lines().filter((line) => line.msg === UNOPENED_SEAL_MESSAGE && line.rowId === row.id);
    expect(warnings).toEqual([
      expect.objectContaining({ level: 50, field: 'staff.bank_account_sealed', rowId: row.id }),
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
    const text = log.text();
    for (const secret of [
      '55501234',
      '77712345',
      '404784',
      elsewhere,
      row.sortCodeSealed!,
      t.app.services.fieldKeys.current.key.toString('base64'),
      DEMO_PASSWORD,
      b.cookie(PORTAL, sessionCookieName(t.config))!,
      b.cookie(PORTAL, 'XSRF-TOKEN')!,
    ]) {
      expect(text, secret).not.toContain(secret);
    }
  });

  it('saves contact details, refuses a taken email and bad phones, and tells the old address of a new one', async () => {
    const b = await signedIn('morgan.hughes@example.com');
    await stepUpByEmail(b, t.dataDir, 'morgan.hughes@example.com');
    const bad = await b.post(api('/staff/self-service/contact-details'), {
      email_address: 'not-an-email',
      mobile: '12345',
      nok_name: 'Jo',
      nok_phone: 'call me',
    });
    expect(bad.status).toBe(400);
    expect(bad.json().errors.fields.map((f: { field: string }) => f.field)).toEqual([
      'email_address',
      'mobile',
      'nok_phone',
    ]);
    const taken = await b.post(api('/staff/self-service/contact-details'), { email_address: 'Sam.Taylor@example.com' });
    expect(taken.json().errors.fields).toEqual([
      { field: 'email_address', error: 'This email address is already used by another member of staff' },
    ]);

    const ok = await b.post(api('/staff/self-service/contact-details'), {
      email_address: 'Morgan.H@Example.com',
      mobile: '+44 7911 123456',
      nok_name: '  Alex Hughes ',
      nok_phone: '0161 496 0000',
    });
    expect(ok.status, ok.body).toBe(200);
    // Stored in E.164, answered in national format for UK numbers.
    expect(ok.json().data).toMatchObject({
      email_address: 'morgan.h@example.com',
      mobile: '07911 123456',
      nok_name: 'Alex Hughes',
      nok_phone: '0161 496 0000',
    });
    const [stored] = await t.app.database.db
      .select({ mobile: staff.mobile, nokPhone: staff.nokPhone })
      .from(staff)
      .where(eq(staff.emailAddress, 'morgan.h@example.com'));
    expect(stored).toEqual({ mobile: '+447911123456', nokPhone: '+441614960000' });
    const notice = (await readOutbox(t.dataDir)).filter((m) => m.to === 'morgan.hughes@example.com').at(-1)!;
    expect(notice.subject).toContain('email address changed');
    const [audit] = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.contact_details_changed'));
    expect(audit!.details).toMatchObject({
      email_address: { old: 'morgan.hughes@example.com', new: 'morgan.h@example.com' },
      nok_name: { old: null, new: 'Alex Hughes' },
    });
    // The new address is now the sign-in name.
    const again = new Browser({ [PORTAL]: t.app });
    expect((await signIn(again, PORTAL, 'morgan.h@example.com')).user.forename).toBe('Morgan');
  });

  it('never refuses a save for a stored number the member did not touch, and takes any possible UK or international number', async () => {
    // Sam's stored mobile is in Ofcom's drama range, written as typed before numbers were normalised.
    const b = await signedIn('sam.taylor@example.com');
    await stepUpByEmail(b, t.dataDir, 'sam.taylor@example.com');
    const me = (await b.get(api('/staff/self-service/me'))).json().data;
    expect(me.mobile).toBe('07700 900123');
    const nextOfKin = await b.post(api('/staff/self-service/contact-details'), {
      email_address: me.email_address,
      mobile: me.mobile,
      nok_name: 'Chris Taylor',
      nok_phone: '',
    });
    expect(nextOfKin.status, nextOfKin.body).toBe(200);
    expect(nextOfKin.json().data).toMatchObject({ mobile: '07700 900123', nok_name: 'Chris Taylor', nok_phone: null });

    const abroad = await b.post(api('/staff/self-service/contact-details'), {
      email_address: me.email_address,
      mobile: '+33 6 12 34 56 78',
      nok_name: 'Chris Taylor',
      nok_phone: '07700900456',
    });
    expect(abroad.status, abroad.body).toBe(200);
    expect(abroad.json().data).toMatchObject({ mobile: '+33 6 12 34 56 78', nok_phone: '07700 900456' });
    const [stored] = await t.app.database.db
      .select({ mobile: staff.mobile, nokPhone: staff.nokPhone })
      .from(staff)
      .where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    expect(stored).toEqual({ mobile: '+33612345678', nokPhone: '+447700900456' });

    const typo = await b.post(api('/staff/self-service/contact-details'), {
      email_address: me.email_address,
      mobile: '0770 0',
      nok_name: 'Chris Taylor',
    });
    expect(typo.status).toBe(400);
    expect(typo.json().errors.fields).toEqual([
      { field: 'mobile', error: 'Enter a valid phone number, such as 07911 123456 or +44 7911 123456' },
    ]);
  });

  it('saves personal details without a second factor, normalises the postcode and keeps the names HR’s', async () => {
    const b = await signedIn('jamie.patel@example.com');
    const names = await b.post(api('/staff/self-service/personal'), {
      forename: 'James',
      surname: 'Patel',
      address_postal_code: 'nope',
    });
    expect(names.status).toBe(400);
    expect(names.json().errors.fields).toEqual([
      { field: 'forename', error: 'cannot be changed here: ask your manager' },
      { field: 'address_postal_code', error: 'Enter a UK postcode, like LS1 4AP' },
    ]);
    const ok = await b.post(api('/staff/self-service/personal'), {
      forename: 'Jamie',
      surname: 'Patel',
      known_as: 'Jay',
      address_line1: '4 Canal Street',
      address_line2: '',
      address_county: 'Greater Manchester',
      address_postal_code: 'm1 3he',
    });
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({
      forename: 'Jamie',
      known_as: 'Jay',
      address_line1: '4 Canal Street',
      address_line2: null,
      address_postal_code: 'M1 3HE',
    });
    const malformed = await b.post(api('/staff/self-service/personal'), { known_as: 7 });
    expect(malformed.status).toBe(400);
    // PostgreSQL text cannot hold NUL: refused with a clear 400, never a 500.
    const nul = await b.post(api('/staff/self-service/personal'), { known_as: 'Jay\u0000' });
    expect(nul.status).toBe(400);
    expect(nul.json().errors.message).toContain('not allowed');
  });

  it('saves the picture once, re-encoded without metadata, shows it only to its owner, and HR can reset it', async () => {
    const email = 'riley.evans@example.com';
    const b = await signedIn(email);
    expect(
      (await b.post(api('/staff/self-service/image'), { image_data: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=' }))
        .status,
    ).toBe(415);
    expect(
      (
        await b.post(api('/staff/self-service/image'), {
          image_data: dataUrl('image/jpeg', Buffer.from('<html>not a photo</html>')),
        })
      ).status,
    ).toBe(415);
    const big = await sharp({ create: { width: 2400, height: 1800, channels: 3, background: '#c85' } })
      .jpeg()
      .toBuffer();
    expect(
      (
        await b.post(api('/staff/self-service/image'), {
          image_data: dataUrl('image/jpeg', Buffer.alloc(6 * 1024 * 1024, 1)),
        })
      ).status,
    ).toBe(413);

    const saved = await b.post(api('/staff/self-service/image'), {
      image_data: dataUrl('image/jpeg', await jpegWithExif()),
    });
    expect(saved.status, saved.body).toBe(200);
    const selfie = saved.json().data.selfie.data;
    const picture = await b.get(`${PORTAL}${selfie.uri}`);
    expect(picture.status).toBe(200);
    expect(picture.headers['content-type']).toBe('image/jpeg');
    const [file] = await t.app.database.db.select().from(files).where(eq(files.id, selfie.id));
    const bytes = await t.app.services.storage.get(file!.storageKey);
    expect((await sharp(bytes).metadata()).exif).toBeUndefined();

    const second = await b.post(api('/staff/self-service/image'), { image_data: dataUrl('image/jpeg', big) });
    expect(second.status).toBe(403);
    expect(second.json().errors.message).toBe(SELFIE_NOTE);
    // Another member cannot load it.
    const other = await signedIn('sam.taylor@example.com');
    expect((await other.get(`${PORTAL}${selfie.uri}`)).status).toBe(404);

    const reset = await runCommand({ services: t.app.services, name: 'selfie reset', options: { staff: email } });
    expect(reset.lines).toEqual([`Removed the profile picture of ${email}; they can take a new one in My Details.`]);
    const retake = await b.post(api('/staff/self-service/image'), { image_data: dataUrl('image/jpeg', big) });
    expect(retake.status).toBe(200);
    const [stored] = await t.app.database.db
      .select()
      .from(files)
      .where(eq(files.id, retake.json().data.selfie.data.id));
    const meta = await sharp(await t.app.services.storage.get(stored!.storageKey)).metadata();
    expect([meta.width, meta.height]).toEqual([800, 600]);
  });
});
