/**
 * A vehicle's insurance cover and its reminders (docs/product.md#insurance-queue, docs/product.md#reminders):
 * HR gives the last day of cover when approving a document in the console (refused without one, before
 * today or more than two years ahead, changing nothing), the person's page shows it, and the member is
 * reminded once when it ends within 30 days and once when it has ended, by mail to a real SMTP server
 * and by text to a stand-in gateway (held to 08:00 in London), with the sweep run "as at" chosen times:
 * not again on a second sweep nor from a second instance, not to a leaver, not when HR switched it off,
 * never for a document approved without a date, and afresh for a replaced document.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, staff, vehicles } from '@server/db/schema.js';
import { startOfUkDay, todayInUk } from '@server/lib/uk-days.js';
import { runReminderSweep, smsNotBefore } from '@server/modules/reminders/index.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { signedInBrowser, type Browser } from './helpers/browser.js';
import { startSmsGateway, type SmsGateway } from './helpers/sms-gateway.js';
import { bodyOf, headerOf, startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const SAM = 'sam.taylor@example.com';
const JAMIE = 'jamie.patel@example.com';
const HR = 'morgan.hughes@example.com';

/** The UK date `days` after today, and as the mails write it. */
const inDays = (days: number) => dayjs.utc(todayInUk()).add(days, 'day').format('YYYY-MM-DD');
const shown = (date: string) => dayjs.utc(date).format('DD/MM/YYYY');
/** `hour`:00 in London on the UK date `date`. */
const londonAt = (date: string, hour: number) => new Date(startOfUkDay(date).getTime() + hour * 3_600_000);

describe.each(DATABASES)('insurance cover and its reminders on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpServer;
  let gateway: SmsGateway;
  let hr: Browser;
  let sam: Browser;
  const env: Record<string, string> = {};

  const mailTo = async (email: string, registration: string) => {
    await smtp.settled();
    return smtp.received
      .filter(
        (m) => m.to.includes(email) && (headerOf(m.raw, 'Subject') ?? '').includes(`insurance of ${registration}`),
      )
      .map((m) => ({ subject: headerOf(m.raw, 'Subject') ?? '', body: bodyOf(m.raw) }));
  };
  const sweep = (now: Date, app = t.app) => runReminderSweep({ services: app.services, now });
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;

  /** The member uploads a certificate and adds (or, given `vehicleId`, replaces on) a vehicle. */
  const sendCertificate = async (member: Browser, registration: string, vehicleId?: string) => {
    const upload = await member.post(api('/staff/self-service/file'), {
      file_data: dataUrl('application/pdf', await simplePdf('Certificate of motor insurance')),
      filename: 'cover.pdf',
      bucket: 'documents',
    });
    const documentId = upload.json().data.id as string;
    const answer = vehicleId
      ? await member.post(api(`/staff/vehicle/${vehicleId}/insurance-document`), { file_id: documentId })
      : await member.post(api('/staff/my-vehicles'), { registration, insurance_document: documentId });
    expect(answer.status, answer.body).toBe(200);
    return { vehicleId: answer.json().data.id as string, documentId };
  };
  const approve = (vehicleId: string, body: Record<string, unknown>) =>
    hr.post(api(`/admin/insurance/${vehicleId}/approve`), body);
  const myVehicle = async (member: Browser, vehicleId: string) =>
    (await member.get(api('/staff/my-vehicles'))).json().data.find((v: { id: string }) => v.id === vehicleId);

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
    hr = await signedInBrowser(t.app, PORTAL, HR);
    sam = await signedInBrowser(t.app, PORTAL, SAM);
  });
  afterAll(async () => {
    await t?.dropAll();
    await smtp?.stop();
    await gateway?.stop();
  });

  it('refuses an approval without a cover end, or with one not a date, past or over two years ahead, changing nothing', async () => {
    const { vehicleId, documentId } = await sendCertificate(sam, 'AB12 CDE');
    const refusals: [Record<string, unknown>, string][] = [
      [{}, 'Enter the date the cover ends'],
      [{ cover_ends: '' }, 'Enter a date as YYYY-MM-DD'],
      [{ cover_ends: '30/11/2027' }, 'Enter a date as YYYY-MM-DD'],
      [{ cover_ends: '2027-02-30' }, 'Enter a date as YYYY-MM-DD'],
      [{ cover_ends: inDays(-1) }, 'The cover has already ended: ask the member for their current certificate'],
      [
        { cover_ends: dayjs.utc(todayInUk()).add(2, 'year').add(1, 'day').format('YYYY-MM-DD') },
        `The cover must end within 2 years, by ${shown(dayjs.utc(todayInUk()).add(2, 'year').format('YYYY-MM-DD'))}`,
      ],
    ];
    for (const [body, error] of refusals) {
      const refused = await approve(vehicleId, { document_id: documentId, ...body });
      expect(refused.status, JSON.stringify(body)).toBe(400);
      expect(refused.json().errors.fields).toEqual([{ field: 'cover_ends', error }]);
    }
    // Still waiting, as the member and HR see it; no approval audited.
    expect((await myVehicle(sam, vehicleId)).current_insurance_document.approved_by).toBeNull();
    expect(
      (await hr.get(api('/admin/insurance')))
        .json()
        .data.some((q: { vehicle_id: string }) => q.vehicle_id === vehicleId),
    ).toBe(true);
    const audited = await t.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'vehicle.insurance_approved'));
    expect(audited).toEqual([]);
    // The CLI asks for it too.
    const cli = await runCommand({ services: t.app.services, name: 'insurance approve', options: { vehicleId } });
    expect(cli.error).toContain('--cover-ends is required');

    // Today and two years ahead are both allowed; the later approval stands.
    const farthest = dayjs.utc(todayInUk()).add(2, 'year').format('YYYY-MM-DD');
    expect((await approve(vehicleId, { document_id: documentId, cover_ends: farthest })).status).toBe(200);
    const approved = await approve(vehicleId, { document_id: documentId, cover_ends: inDays(20) });
    expect(approved.json()).toEqual({ data: { vehicle_id: vehicleId, decision: 'approved' } });
    // The member's vehicle carries the approval and nothing more.
    expect(Object.keys((await myVehicle(sam, vehicleId)).current_insurance_document).sort()).toEqual([
      'approval_error',
      'approved_by',
      'file',
      'processing_error',
    ]);
    expect((await myVehicle(sam, vehicleId)).current_insurance_document.approved_by).toBe('Morgan Hughes (HR)');
    const person = (await hr.get(api(`/admin/people/${await idOf(SAM)}`))).json().data;
    expect(person.vehicles).toContainEqual(
      expect.objectContaining({ registration: 'AB12CDE', insurance: 'approved', cover_ends: inDays(20) }),
    );
  });

  it('reminds once when the cover ends within 30 days (the text held to 08:00) and once when it has ended', async () => {
    const [vehicle] = await t.app.database.db.select().from(vehicles).where(eq(vehicles.registration, 'AB12CDE'));
    const ends = vehicle!.insuranceCoverEnds!;
    // 31 days before the cover ends: nothing yet.
    expect((await sweep(londonAt(dayjs.utc(ends).subtract(31, 'day').format('YYYY-MM-DD'), 12))).insurance_expiry).toBe(
      0,
    );
    const late = londonAt(todayInUk(), 22);
    const before = gateway.texts.length;
    expect((await sweep(late)).insurance_expiry).toBe(1);
    await sweep(late);
    await Promise.all([sweep(new Date(late.getTime() + 60_000)), sweep(new Date(late.getTime() + 60_000))]);
    let mail = await mailTo(SAM, 'AB12CDE');
    expect(mail.map((m) => m.subject)).toEqual([`The insurance of AB12CDE ends on ${shown(ends)}`]);
    expect(mail[0]!.body).toContain('upload the new business class 2 insurance certificate in My Vehicles');
    expect(mail[0]!.body).toContain(`${PORTAL}/my-vehicles`);
    // Its text message waits for the morning.
    expect(gateway.texts).toHaveLength(before);
    const eight = smsNotBefore(late);
    expect((await t.app.services.deliveries.deliverDue({ now: eight })).sent).toBe(1);
    expect(gateway.texts.slice(before)).toEqual([
      expect.objectContaining({
        to: '+447700900123',
        text: expect.stringContaining(`The insurance of AB12CDE ends on ${shown(ends)}: upload the new certificate`),
      }),
    ]);

    const after = dayjs.utc(ends).add(1, 'day').format('YYYY-MM-DD');
    expect((await sweep(londonAt(ends, 12))).insurance_expiry).toBe(0);
    expect((await sweep(londonAt(after, 12))).insurance_expiry).toBe(1);
    await sweep(londonAt(after, 13));
    await sweep(londonAt(dayjs.utc(after).add(7, 'day').format('YYYY-MM-DD'), 12));
    mail = await mailTo(SAM, 'AB12CDE');
    expect(mail.map((m) => m.subject)).toEqual([
      `The insurance of AB12CDE ends on ${shown(ends)}`,
      'The insurance of AB12CDE has ended',
    ]);
    expect(mail[1]!.body).toContain(`ended on ${shown(ends)}. Mileage cannot be claimed for it`);
  });

  it('reminds of a replaced document once it is approved, afresh; never of one approved without a date', async () => {
    const [vehicle] = await t.app.database.db.select().from(vehicles).where(eq(vehicles.registration, 'AB12CDE'));
    const { documentId } = await sendCertificate(sam, 'AB12CDE', vehicle!.id);
    const noon = londonAt(todayInUk(), 12);
    // Waiting for HR: no date, nothing to remind of.
    expect((await sweep(noon)).insurance_expiry).toBe(0);
    expect((await hr.get(api(`/admin/people/${await idOf(SAM)}`))).json().data.vehicles).toContainEqual(
      expect.objectContaining({ registration: 'AB12CDE', insurance: 'pending', cover_ends: null }),
    );
    expect((await approve(vehicle!.id, { document_id: documentId, cover_ends: inDays(10) })).status).toBe(200);
    expect((await sweep(noon)).insurance_expiry).toBe(1);
    expect((await mailTo(SAM, 'AB12CDE')).at(-1)!.subject).toBe(
      `The insurance of AB12CDE ends on ${shown(inDays(10))}`,
    );

    // An approval from before the date was asked for has none: never reminded of, even once it "ends".
    await t.app.database.db.update(vehicles).set({ insuranceCoverEnds: null }).where(eq(vehicles.id, vehicle!.id));
    const count = (await mailTo(SAM, 'AB12CDE')).length;
    for (const days of [0, 11, 40]) await sweep(londonAt(inDays(days), 12));
    expect(await mailTo(SAM, 'AB12CDE')).toHaveLength(count);
  });

  it('sends nothing to a leaver, nor while HR has it switched off', async () => {
    const jamie = await signedInBrowser(t.app, PORTAL, JAMIE);
    const { vehicleId, documentId } = await sendCertificate(jamie, 'LS21 BAR');
    expect((await approve(vehicleId, { document_id: documentId, cover_ends: inDays(5) })).status).toBe(200);
    const noon = londonAt(todayInUk(), 12);

    const off = await hr.post(api('/admin/reminders'), { kind: 'insurance_expiry', enabled: false });
    expect(off.json().data).toContainEqual({ kind: 'insurance_expiry', enabled: false });
    expect((await sweep(noon)).insurance_expiry).toBe(0);
    expect(await mailTo(JAMIE, 'LS21BAR')).toEqual([]);
    expect((await hr.post(api('/admin/reminders'), { kind: 'insurance_expiry', enabled: true })).status).toBe(200);

    // Left at the start of today, so every sweep below is after their access ended.
    await t.app.database.db
      .update(staff)
      .set({ leavingDate: inDays(-1), leavingReason: 'resigned', accessEndsAt: startOfUkDay(todayInUk()) })
      .where(eq(staff.emailAddress, JAMIE));
    await sweep(noon);
    await sweep(londonAt(inDays(6), 12));
    expect(await mailTo(JAMIE, 'LS21BAR')).toEqual([]);
    await t.app.database.db
      .update(staff)
      .set({ leavingDate: null, leavingReason: null, accessEndsAt: null })
      .where(eq(staff.emailAddress, JAMIE));

    // Back at work and switched on: the reminder due now goes.
    expect((await sweep(noon)).insurance_expiry).toBe(1);
    expect((await mailTo(JAMIE, 'LS21BAR')).map((m) => m.subject)).toEqual([
      `The insurance of LS21BAR ends on ${shown(inDays(5))}`,
    ]);
  });

  it.skipIf(kind !== 'postgres')('sends each insurance reminder once from two instances on one database', async () => {
    const second = await createTestApp('postgres', {
      env,
      databaseUrl: t.databaseUrl,
      dataDir: t.dataDir,
      seed: false,
    });
    try {
      const [vehicle] = await t.app.database.db.select().from(vehicles).where(eq(vehicles.registration, 'LS21BAR'));
      const at = londonAt(dayjs.utc(vehicle!.insuranceCoverEnds!).add(1, 'day').format('YYYY-MM-DD'), 12);
      const results = await Promise.all([sweep(at), sweep(at, second.app), sweep(at), sweep(at, second.app)]);
      expect(results.reduce((sum, r) => sum + r.insurance_expiry, 0)).toBe(1);
      expect((await mailTo(JAMIE, 'LS21BAR')).map((m) => m.subject)).toEqual([
        `The insurance of LS21BAR ends on ${shown(vehicle!.insuranceCoverEnds!)}`,
        'The insurance of LS21BAR has ended',
      ]);
    } finally {
      await second.close();
    }
  });
});
