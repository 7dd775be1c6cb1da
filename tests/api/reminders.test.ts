/**
 * Reminders (docs/product.md#reminders) through the delivery queue, mail to a real SMTP server and text
 * messages to a stand-in SMS gateway, with the sweep run "as at" chosen times: each rule goes once at
 * its stage (not again on a second sweep, nor from a second instance), text messages wait for 08:00 in
 * London while mail goes at once, nothing goes to a leaver, and a kind switched off sends nothing.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { onboardings, staff, vehicles } from '@server/db/schema.js';
import { startOfUkDay, todayInUk, UK_TIME_ZONE } from '@server/lib/uk-days.js';
import { digestWeek, runReminderSweep, smsNotBefore } from '@server/modules/reminders/index.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { signedInBrowser } from './helpers/browser.js';
import { admin, bytesOption } from './helpers/joiners.js';
import { startSmsGateway, type SmsGateway } from './helpers/sms-gateway.js';
import { bodyOf, headerOf, startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const DAY_MS = 24 * 3_600_000;
const JOINER = 'alex.morgan@example.com';
const STARTER = 'jamie.patel@example.com';
const SAM = 'sam.taylor@example.com';
const HR = 'morgan.hughes@example.com';

/** The first `hh:00` in London at least `days` after `from`. */
function londonHourAfter(from: Date, days: number, hour: number): Date {
  const earliest = new Date(from.getTime() + days * DAY_MS);
  let date = todayInUk(earliest);
  for (;;) {
    const at = new Date(startOfUkDay(date).getTime() + hour * 3_600_000);
    if (at >= earliest) return at;
    date = dayjs.utc(date).add(1, 'day').format('YYYY-MM-DD');
  }
}

describe('the SMS quiet hours and the digest week', () => {
  it('holds a text from 21:00 until 08:00 in London, BST or GMT', () => {
    expect(smsNotBefore(new Date('2026-07-14T21:00:00Z')).toISOString()).toBe('2026-07-15T07:00:00.000Z');
    expect(smsNotBefore(new Date('2026-07-14T06:30:00Z')).toISOString()).toBe('2026-07-14T07:00:00.000Z');
    expect(smsNotBefore(new Date('2026-07-14T12:00:00Z')).toISOString()).toBe('2026-07-14T12:00:00.000Z');
    expect(smsNotBefore(new Date('2026-01-14T22:30:00Z')).toISOString()).toBe('2026-01-15T08:00:00.000Z');
  });
  it('starts a digest week at 08:00 on Monday in London', () => {
    // Monday 16 November 2026 (GMT).
    expect(digestWeek(new Date('2026-11-16T07:59:00Z'))).toBe('2026-11-09');
    expect(digestWeek(new Date('2026-11-16T08:00:00Z'))).toBe('2026-11-16');
    expect(digestWeek(new Date('2026-11-22T23:00:00Z'))).toBe('2026-11-16');
  });
});

describe.each(DATABASES)('reminders on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpServer;
  let gateway: SmsGateway;
  const env: Record<string, string> = {};

  const mailTo = async (email: string) => {
    await smtp.settled();
    return smtp.received
      .filter((m) => m.to.includes(email))
      .map((m) => ({ subject: headerOf(m.raw, 'Subject') ?? '', body: bodyOf(m.raw) }));
  };
  const sweep = (now: Date, app = t.app) => runReminderSweep({ services: app.services, now });
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
    Object.assign(env, {
      SMTP_URL: smtp.url,
      MAIL_FROM: 'HR <hr@example.com>',
      SMS_GATEWAY_URL: gateway.url,
      SMS_GATEWAY_TOKEN: 'gateway-token',
      SMS_FROM: 'Lantern',
    });
    t = await createTestApp(kind, { env });
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    await smtp.settled();
  });
  afterAll(async () => {
    await t?.dropAll();
    await smtp?.stop();
    await gateway?.stop();
  });

  it('reminds a stalled joiner once at 2 days and once at 5, whatever the number of sweeps', async () => {
    const [onboarding] = await t.app.database.db
      .select()
      .from(onboardings)
      .where(eq(onboardings.staffId, await idOf(JOINER)));
    const day2 = londonHourAfter(onboarding!.createdAt, 2, 12);
    expect((await sweep(new Date(onboarding!.createdAt.getTime() + 2 * DAY_MS - 3_600_000))).onboarding_stalled).toBe(
      0,
    );
    await sweep(day2);
    await sweep(day2);
    await Promise.all([sweep(new Date(day2.getTime() + 60_000)), sweep(new Date(day2.getTime() + 60_000))]);
    const reminders = async () =>
      (await mailTo(JOINER)).filter((m) => m.subject.startsWith('Please finish your onboarding'));
    let mail = await reminders();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Please finish your onboarding with Lantern Inns');
    expect(mail[0]!.body).toContain('Your onboarding with Lantern Inns is not finished yet.');

    const day5 = londonHourAfter(onboarding!.createdAt, 5, 12);
    await sweep(day5);
    await sweep(new Date(day5.getTime() + 3_600_000));
    mail = await reminders();
    expect(mail).toHaveLength(2);
  });

  it('mails an unsigned agreement at once at 22:00 but holds its text message until 08:00', async () => {
    await admin(t.app, 'agreement issue', {
      staff: STARTER,
      template: bytesOption('lockers.html', '<h1>Lockers</h1><p>Please read.</p>'),
    });
    const issued = new Date();
    const signMail = async () =>
      (await mailTo(STARTER)).filter((m) => m.subject === 'Please sign your agreement: Lockers');
    const late = londonHourAfter(issued, 3, 22);
    const before = gateway.texts.length;
    expect((await sweep(late)).unsigned_document).toBeGreaterThanOrEqual(1);
    expect(await signMail()).toHaveLength(1);
    expect(gateway.texts).toHaveLength(before);
    const eight = smsNotBefore(late);
    expect(dayjs(eight).tz(UK_TIME_ZONE).format('HH:mm')).toBe('08:00');
    expect((await t.app.services.deliveries.deliverDue({ now: new Date(eight.getTime() - 60_000) })).sent).toBe(0);
    expect(gateway.texts).toHaveLength(before);
    expect((await t.app.services.deliveries.deliverDue({ now: eight })).sent).toBe(1);
    expect(gateway.texts.slice(before)).toEqual([
      expect.objectContaining({ to: '+447700900456', text: expect.stringContaining('"Lockers" is waiting') }),
    ]);
    // Another sweep the next morning sends nothing more for that stage.
    await sweep(eight);
    expect(await signMail()).toHaveLength(1);
  });

  it('sends nothing to a leaver', async () => {
    const lines = await admin(t.app, 'agreement issue', {
      staff: SAM,
      template: bytesOption('uniform.html', '<h1>Uniform</h1><p>Please read.</p>'),
    });
    expect(lines.join(' ')).toContain('agreement');
    await t.app.database.db
      .update(staff)
      .set({ leavingDate: todayInUk(), leavingReason: 'resigned', accessEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(staff.emailAddress, SAM));
    const before = (await mailTo(SAM)).length;
    await sweep(new Date(Date.now() + 4 * DAY_MS));
    await sweep(new Date(Date.now() + 8 * DAY_MS));
    expect(await mailTo(SAM)).toHaveLength(before);
    await t.app.database.db
      .update(staff)
      .set({ leavingDate: null, leavingReason: null, accessEndsAt: null })
      .where(eq(staff.emailAddress, SAM));
  });

  it('reminds of an MOT expiring within 30 days and once it has expired, unless HR switched it off', async () => {
    const jamie = await idOf(STARTER);
    const expiry = dayjs.utc(todayInUk()).add(20, 'day').format('YYYY-MM-DD');
    await t.app.database.db.insert(vehicles).values({
      staffId: jamie,
      registration: 'AB12CDE',
      make: 'FORD',
      model: 'FIESTA',
      colour: 'BLUE',
      fuelType: 'PETROL',
      motExpiryDate: expiry,
      motPassed: true,
    });
    const hr = await signedInBrowser(t.app, PORTAL, HR);
    const manager = await signedInBrowser(t.app, PORTAL, STARTER);
    expect((await manager.post(api('/admin/reminders'), { kind: 'vehicle_expiry', enabled: false })).status).toBe(403);
    const off = await hr.post(api('/admin/reminders'), { kind: 'vehicle_expiry', enabled: false });
    expect(off.status, off.body).toBe(200);
    expect(off.json().data).toContainEqual({ kind: 'vehicle_expiry', enabled: false });
    const noon = londonHourAfter(new Date(), 0, 12);
    expect((await sweep(noon)).vehicle_expiry).toBe(0);
    expect((await mailTo(STARTER)).filter((m) => m.subject.includes('AB12CDE'))).toHaveLength(0);

    expect((await hr.post(api('/admin/reminders'), { kind: 'vehicle_expiry', enabled: true })).status).toBe(200);
    expect((await hr.get(api('/admin/reminders'))).json().data).toContainEqual({
      kind: 'vehicle_expiry',
      enabled: true,
    });
    await sweep(noon);
    await sweep(new Date(noon.getTime() + DAY_MS));
    const expired = londonHourAfter(new Date(), 21, 12);
    await sweep(expired);
    await sweep(new Date(expired.getTime() + DAY_MS));
    const mot = (await mailTo(STARTER)).filter((m) => m.subject.includes('AB12CDE'));
    expect(mot.map((m) => m.subject)).toEqual([
      `The MOT of AB12CDE expires on ${dayjs.utc(expiry).format('DD/MM/YYYY')}`,
      'The MOT of AB12CDE has expired',
    ]);
  });

  it('sends HR a weekly digest of right-to-work expiries on Monday morning, once a week', async () => {
    const riley = await idOf('riley.evans@example.com');
    const hr = await signedInBrowser(t.app, PORTAL, HR);
    const copy = await hr.post(api(`/admin/people/${riley}/right-to-work/files`), {
      filename: 'visa.pdf',
      file_data: dataUrl('application/pdf', await simplePdf('Visa')),
    });
    const recorded = await hr.post(api(`/admin/people/${riley}/right-to-work`), {
      kind: 'manual_document',
      checked_on: todayInUk(),
      permission_expires_on: dayjs.utc(todayInUk()).add(40, 'day').format('YYYY-MM-DD'),
      follow_up_on: dayjs.utc(todayInUk()).add(30, 'day').format('YYYY-MM-DD'),
      file_ids: [copy.json().data.id],
    });
    expect(recorded.status, recorded.body).toBe(200);
    // A Monday 09:00 in London later than the other tests' sweeps (a digest week they have not reached).
    let monday = londonHourAfter(new Date(), 30, 9);
    while (dayjs(monday).tz(UK_TIME_ZONE).day() !== 1) monday = londonHourAfter(monday, 1, 9);
    const digests = async () => (await mailTo(HR)).filter((m) => m.subject.startsWith('Staffroom this week'));
    const before = (await digests()).length;
    // Sunday evening is still last week's digest.
    await sweep(new Date(monday.getTime() - 12 * 3_600_000));
    const sunday = (await digests()).length;
    await sweep(monday);
    await sweep(new Date(monday.getTime() + 3_600_000));
    expect(await digests()).toHaveLength(sunday + 1);
    expect((await digests()).at(-1)!.body).toContain('Riley Evans (The Lantern, York): expires');
    expect(sunday - before).toBeLessThanOrEqual(1);
    await sweep(new Date(monday.getTime() + 7 * DAY_MS));
    expect(await digests()).toHaveLength(sunday + 2);
  });

  it.skipIf(kind !== 'postgres')('sends each reminder once from two instances on one database', async () => {
    const second = await createTestApp('postgres', {
      env,
      databaseUrl: t.databaseUrl,
      dataDir: t.dataDir,
      seed: false,
    });
    try {
      await admin(t.app, 'agreement issue', {
        staff: 'riley.evans@example.com',
        template: bytesOption('rota.html', '<h1>Rota rules</h1><p>Please read.</p>'),
      });
      const at = londonHourAfter(new Date(), 3, 12);
      await Promise.all([sweep(at), sweep(at, second.app), sweep(at), sweep(at, second.app)]);
      const sent = (await mailTo('riley.evans@example.com')).filter(
        (m) => m.subject === 'Please sign your agreement: Rota rules',
      );
      expect(sent).toHaveLength(1);
    } finally {
      await second.close();
    }
  });
});
