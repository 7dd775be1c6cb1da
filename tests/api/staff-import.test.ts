/**
 * The staff import (docs/product.md#staff-import, docs/decisions/0047-staff-import.md), through the
 * console's calls as HR makes them: a file of 3,000 people is checked, applied, and applied again with
 * nothing to change; a changed row updates its person; each kind of bad row is refused with its reason
 * and refuses the whole file; a Windows-1252 file asks for CSV UTF-8; a byte order mark and semicolons
 * are read; bank details need a second factor; a leaver comes back only as a re-hire; invitations go
 * through the delivery queue at INVITES_PER_MINUTE, on the queue's own clock, or not at all.
 */
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, staff } from '@server/db/schema.js';
import { exportPayroll } from '@server/modules/console/payroll/payroll.js';
import { type Browser, signedInBrowser } from './helpers/browser.js';
import { admin } from './helpers/joiners.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const HR = 'morgan.hughes@example.com';
const HEADER = 'forename,surname,known as,email,mobile,venue,position,start date,date of birth,payroll id,NI number';

/** A NI number HMRC's format allows, different for each `i` below 10^6. */
const niOf = (i: number) => `JR${String(i).padStart(6, '0')}A`;
/** One good row; `over` replaces cells. */
function row(i: number, run: string, over: Partial<Record<string, string>> = {}): string {
  const cells = {
    forename: `Ada${i}`,
    surname: 'Lovelace',
    known_as: '',
    email: `ada.${run}.${i}@example.com`,
    mobile: `07700 9${String(i % 100000).padStart(5, '0')}`,
    venue: '"The Lantern, York"',
    position: 'Bartender',
    start_date: '03/02/2025',
    date_of_birth: '1990-12-10',
    payroll_id: `${run}-${i}`,
    ni: niOf(i),
    ...over,
  };
  return Object.values(cells).join(',');
}
const csv = (lines: string[]) => Buffer.from([HEADER, ...lines].join('\r\n') + '\r\n', 'utf8');
const body = (bytes: Buffer, extra: Record<string, unknown> = {}) => ({
  filename: 'people.csv',
  content: bytes.toString('base64'),
  ...extra,
});

describe.each(DATABASES)('the staff import on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let hr: Browser;
  const db = () => t.app.services.db;

  const dryRun = (bytes: Buffer, extra: Record<string, unknown> = {}) =>
    hr.post(api('/admin/staff-import/dry-run'), body(bytes, extra));
  const apply = (bytes: Buffer, extra: Record<string, unknown> = {}) =>
    hr.post(api('/admin/staff-import'), body(bytes, extra));

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { INVITES_PER_MINUTE: '20' } });
    await admin(t.app, 'role grant', { staff: HR, role: 'hr' });
    await admin(t.app, 'role grant', {
      staff: 'riley.evans@example.com',
      role: 'manager',
      venue: ['The Lantern, York'],
    });
    hr = await signedInBrowser(t.app, PORTAL, HR);
  }, 120_000);
  afterAll(() => t.dropAll());

  describe('a good file of 3,000 people', () => {
    const file = csv(Array.from({ length: 3000 }, (_, i) => row(i, 'big')));

    it('is checked, applied with paced invitations, and the same file again changes nothing', async () => {
      const checked = await dryRun(file);
      expect(checked.status, checked.body).toBe(200);
      expect(checked.json().data).toMatchObject({
        applied: false,
        counts: { create: 3000, update: 0, unchanged: 0, refused: 0 },
        invitations: 3000,
      });
      expect(await db().$count(staff, sql`${staff.payrollId} like 'big-%'`)).toBe(0);

      const applied = await apply(file);
      expect(applied.status, applied.body).toBe(200);
      const report = applied.json().data;
      expect(report).toMatchObject({ applied: true, counts: { create: 3000 }, invitations: 3000 });
      const people = await db()
        .select()
        .from(staff)
        .where(sql`${staff.payrollId} like 'big-%'`);
      expect(people).toHaveLength(3000);
      const ada7 = people.find((p) => p.payrollId === 'big-7')!;
      expect(ada7).toMatchObject({
        emailAddress: 'ada.big.7@example.com',
        mobile: '+447700900007',
        startDate: '2025-02-03',
        dateOfBirth: '1990-12-10',
        onboardComplete: true,
        passwordHash: null,
      });
      // The NI number is sealed: not in the row in clear, and the payroll file gives it back.
      expect(ada7.niNumberSealed).toMatch(/^v2\./);
      expect(JSON.stringify(people)).not.toContain(niOf(7));

      // 3,000 invitations at 20 a minute: the last falls due 149 minutes after the first.
      const invites = await db()
        .select({ at: deliveries.nextAttemptAt })
        .from(deliveries)
        .where(eq(deliveries.purpose, 'staff-import-invitation'));
      expect(invites).toHaveLength(3000);
      const times = invites.map((d) => d.at.getTime()).sort((a, b) => a - b);
      expect(times.at(-1)! - times[0]!).toBe(149 * 60_000);
      expect(new Date(report.invitations_done_by).getTime()).toBe(times.at(-1));

      const again = await apply(file);
      expect(again.status, again.body).toBe(200);
      expect(again.json().data).toMatchObject({
        counts: { create: 0, update: 0, unchanged: 3000, refused: 0 },
        invitations: 0,
      });
      expect(await db().$count(deliveries, eq(deliveries.purpose, 'staff-import-invitation'))).toBe(3000);
    }, 240_000);

    it('sends the invitations 20 a minute on the delivery queue’s clock', async () => {
      const sent = () =>
        db().$count(deliveries, and(eq(deliveries.purpose, 'staff-import-invitation'), isNotNull(deliveries.sentAt)));
      const start = Date.now();
      const round = (minutes: number) =>
        t.app.services.deliveries.deliverDue({ now: new Date(start + minutes * 60_000 + 1_000) });
      expect((await round(0)).sent).toBe(20);
      expect(await sent()).toBe(20);
      expect((await round(0)).sent).toBe(0);
      expect((await round(1)).sent).toBe(20);
      expect((await round(3)).sent).toBe(40);
      expect(await sent()).toBe(80);
    }, 60_000);

    it('updates the one person whose row changed', async () => {
      const lines = Array.from({ length: 3000 }, (_, i) =>
        row(i, 'big', i === 5 ? { position: 'Head Bartender', mobile: '07700 911111' } : {}),
      );
      const checked = (await dryRun(csv(lines))).json().data;
      expect(checked.counts).toEqual({ create: 0, update: 1, unchanged: 2999, refused: 0 });
      expect(checked.rows.find((r: { line: number }) => r.line === 7)).toMatchObject({
        action: 'update',
        changes: ['mobile', 'position'],
      });
      expect((await apply(csv(lines))).status).toBe(200);
      const [ada5] = await db().select().from(staff).where(eq(staff.payrollId, 'big-5'));
      expect(ada5).toMatchObject({ position: 'Head Bartender', mobile: '+447700911111' });
      const [audited] = await db()
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.staffId, ada5!.id), eq(auditEvents.action, 'staff.import_updated')));
      expect(audited?.details).toEqual({ changes: ['mobile', 'position'] });
    }, 120_000);

    it('hands the imported NI number to the payroll file', async () => {
      const { csv: file } = await exportPayroll({
        db: db(),
        fieldKeys: t.app.services.fieldKeys,
        scope: { actorId: 'test', role: 'hr', venueIds: null },
        since: '2025-02-03',
        ip: '127.0.0.1',
        log: { error: () => undefined },
      });
      expect(file).toMatch(new RegExp(`ada.big.7@example.com,.*,${niOf(7)},`));
    });
  });

  it('refuses each bad row with its reason, and then the whole file', async () => {
    const lines = [
      row(1, 'bad'),
      row(2, 'bad', { venue: '"The Moon, Leeds"' }),
      row(3, 'bad', { email: 'ada.bad.1@example.com', payroll_id: 'bad-3' }),
      row(4, 'bad', { payroll_id: 'bad-1', email: 'ada.bad.4@example.com' }),
      row(5, 'bad', { start_date: '45123' }),
      row(6, 'bad', { start_date: '31/02/2024' }),
      row(7, 'bad', { date_of_birth: '12/25/1990' }),
      row(8, 'bad', { ni: 'QQ123456C' }),
      row(9, 'bad', { ni: 'AB123456E' }),
      row(10, 'bad', { email: 'not-an-email' }),
      row(11, 'bad', { mobile: '12' }),
      row(12, 'bad', { forename: '' }),
      row(13, 'bad', { start_date: '05/06/24' }),
    ];
    const res = await dryRun(csv(lines));
    expect(res.status, res.body).toBe(200);
    const { rows, counts } = res.json().data as {
      rows: { line: number; action: string; reasons: string[] }[];
      counts: object;
    };
    expect(counts).toEqual({ create: 1, update: 0, unchanged: 0, refused: 12 });
    const reasonsOf = (line: number) => rows.find((r) => r.line === line)!.reasons.join(' ');
    expect(rows[0]!.action).toBe('create');
    expect(reasonsOf(3)).toMatch(/Venue “The Moon, Leeds” is not one of the group’s venues/);
    expect(reasonsOf(4)).toMatch(/The same email is on line 2/);
    expect(reasonsOf(5)).toMatch(/The same payroll id is on line 2/);
    expect(reasonsOf(6)).toMatch(/45123 is a spreadsheet’s day number/);
    expect(reasonsOf(7)).toMatch(/31\/02\/2024 is not a day in the calendar/);
    expect(reasonsOf(8)).toMatch(/Date of birth: 12\/25\/1990 is not a day in the calendar/);
    expect(reasonsOf(9)).toMatch(/NI number is not a National Insurance number/);
    expect(reasonsOf(10)).toMatch(/NI number is not a National Insurance number/);
    // The NI number itself is not repeated in the report.
    expect(res.body).not.toContain('AB123456E');
    expect(reasonsOf(11)).toMatch(/Email “not-an-email” is not a valid email address/);
    expect(reasonsOf(12)).toMatch(/Mobile “12” is not a phone number/);
    expect(reasonsOf(13)).toMatch(/Forename is missing/);
    expect(reasonsOf(14)).toMatch(/two-digit year/);

    const applied = await apply(csv(lines));
    expect(applied.status).toBe(400);
    expect(applied.json().errors).toMatchObject({
      code: 'IMPORT_ROWS_REFUSED',
      message: expect.stringMatching(/12 rows are refused, so nothing was imported/),
    });
    expect(await db().$count(staff, sql`${staff.payrollId} like 'bad-%'`)).toBe(0);
  });

  it('refuses a Windows-1252 file, asking for CSV UTF-8', async () => {
    const latin = Buffer.from(`${HEADER}\r\n${row(1, 'cp', { forename: 'René' })}\r\n`, 'latin1');
    expect(latin.includes(0xe9)).toBe(true);
    const res = await dryRun(latin);
    expect(res.status).toBe(400);
    expect(res.json().errors.message).toMatch(/CSV UTF-8/);
  });

  it('reads a file with a byte order mark, semicolons and its own header spelling', async () => {
    const text =
      '\uFEFFForename;Surname;Email Address;Venue;Start_Date;Payroll ID\r\n' +
      'Zoë;Brontë;zoe.bom@example.com;The Lantern, York;01/03/2025;bom-1\r\n';
    const res = await apply(Buffer.from(text, 'utf8'));
    expect(res.status, res.body).toBe(200);
    expect(res.json().data.counts).toMatchObject({ create: 1, refused: 0 });
    const [zoe] = await db().select().from(staff).where(eq(staff.payrollId, 'bom-1'));
    expect(zoe).toMatchObject({ forename: 'Zoë', surname: 'Brontë', startDate: '2025-03-01' });
  });

  it('takes bank details only after a second factor, and seals them', async () => {
    const text =
      'forename,surname,email,venue,payroll id,account number,sort code\r\nBea,Banks,bea.bank@example.com,"The Lantern, York",bank-1,12345678,12-34-56\r\n';
    const file = Buffer.from(text);
    const refused = await apply(file);
    expect(refused.status).toBe(402);
    expect(refused.json().errors.code).toBe('STEP_UP_REQUIRED');
    expect(await db().$count(staff, eq(staff.payrollId, 'bank-1'))).toBe(0);

    await stepUpByEmail(hr, t.dataDir, HR);
    const res = await apply(file);
    expect(res.status, res.body).toBe(200);
    const [bea] = await db().select().from(staff).where(eq(staff.payrollId, 'bank-1'));
    expect(bea).toMatchObject({ bankAccountLast4: '5678', sortCodeLast2: '56' });
    expect(bea!.bankAccountSealed).toMatch(/^v2\./);
    expect(bea!.bankAccountSealed).not.toContain('12345678');
  });

  it('refuses a leaver unless the row re-hires them after their leaving date', async () => {
    await apply(csv([row(1, 'left')]), { send_invitations: false });
    // Left since the last clean-up round: still flagged for the console's leaving filter.
    await db()
      .update(staff)
      .set({
        leavingDate: '2025-10-31',
        leavingReason: 'resigned',
        accessEndsAt: new Date('2025-10-31T23:59:59Z'),
        isLeaving: true,
      })
      .where(eq(staff.payrollId, 'left-1'));

    const same = (await dryRun(csv([row(1, 'left', { position: 'Chef' })]))).json().data;
    expect(same.rows[0]).toMatchObject({ action: 'refused' });
    expect(same.rows[0].reasons[0]).toMatch(/left on 31\/10\/2025: to re-hire them, give a start date after that/);

    const back = await apply(csv([row(1, 'left', { start_date: '2026-01-05' })]));
    expect(back.status, back.body).toBe(200);
    expect(back.json().data.rows[0]).toMatchObject({ action: 'update', changes: ['start date', 're-hired'] });
    const [person] = await db().select().from(staff).where(eq(staff.payrollId, 'left-1'));
    expect(person).toMatchObject({
      leavingDate: null,
      leavingReason: null,
      accessEndsAt: null,
      isLeaving: false,
      startDate: '2026-01-05',
    });
    expect(
      await db().$count(auditEvents, and(eq(auditEvents.staffId, person!.id), eq(auditEvents.action, 'staff.rehired'))),
    ).toBe(1);
  });

  it('queues no invitation when HR switches them off', async () => {
    const res = await apply(csv([row(1, 'quiet'), row(2, 'quiet')]), { send_invitations: false });
    expect(res.json().data).toMatchObject({ counts: { create: 2 }, invitations: 0, invitations_done_by: null });
    const ids = (
      await db()
        .select({ id: staff.id })
        .from(staff)
        .where(sql`${staff.payrollId} like 'quiet-%'`)
    ).map((p) => p.id);
    expect(ids).toHaveLength(2);
    expect(await db().$count(deliveries, inArray(deliveries.staffId, ids))).toBe(0);
  });

  it('is HR’s: a manager is refused', async () => {
    const manager = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const res = await manager.post(api('/admin/staff-import/dry-run'), body(csv([row(1, 'mgr')])));
    expect(res.status).toBe(403);
  });
});
