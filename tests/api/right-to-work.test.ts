/**
 * Right-to-work records in the console (docs/product.md#right-to-work-records): HR records a check and a
 * follow-up check resting on the person's copies, the view lists people without a check, with
 * permission expiring within 90 days and expired (leavers left out), and a venue manager reads their
 * venues' records only.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, rightToWorkChecks, staff } from '@server/db/schema.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { type Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const SAM = 'sam.taylor@example.com';
const JAMIE = 'jamie.patel@example.com';
const HR = 'morgan.hughes@example.com';
const MANAGER = 'riley.evans@example.com';
const day = (days: number) => dayjs.utc(todayInUk()).add(days, 'day').format('YYYY-MM-DD');

describe.each(DATABASES)('right-to-work records on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let hr: Browser;
  let manager: Browser;
  const idOf = async (email: string) =>
    (await t.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email)))[0]!.id;
  const upload = async (who: string) => {
    const res = await hr.post(api(`/admin/people/${who}/right-to-work/files`), {
      filename: 'passport.pdf',
      file_data: dataUrl('application/pdf', await simplePdf('Passport')),
    });
    expect(res.status, res.body).toBe(200);
    return res.json().data.id as string;
  };
  const list = async (b: Browser, which: string, extra = '') => {
    const res = await b.get(api(`/admin/right-to-work?list=${which}${extra}`));
    expect(res.status, res.body).toBe(200);
    return res.json();
  };
  const names = (answer: { data: { person: { name: string } }[] }) => answer.data.map((row) => row.person.name);

  beforeAll(async () => {
    t = await createTestApp(kind);
    await runCommand({ services: t.app.services, name: 'role grant', options: { staff: HR, role: 'hr' } });
    await runCommand({
      services: t.app.services,
      name: 'role grant',
      options: { staff: MANAGER, role: 'manager', venue: ['The Lantern, Leeds'] },
    });
    hr = await signedInBrowser(t.app, PORTAL, HR);
    manager = await signedInBrowser(t.app, PORTAL, MANAGER);
  });
  afterAll(() => t.dropAll());

  it('lists everyone still employed as without a check at first, leavers left out', async () => {
    const before = await list(hr, 'none', '&per_page=100');
    expect(before.meta.counts).toEqual({ none: before.meta.total, expiring: 0, expired: 0 });
    expect(names(before)).toContain('Sam Taylor');
    // A leaver whose access has ended is nobody's follow-up any more.
    await t.app.database.db
      .update(staff)
      .set({ leavingDate: day(-2), leavingReason: 'resigned', accessEndsAt: new Date(Date.now() - 60_000) })
      .where(eq(staff.emailAddress, 'alex.morgan@example.com'));
    const after = await list(hr, 'none', '&per_page=100');
    expect(after.meta.counts.none).toBe(before.meta.counts.none - 1);
    expect(names(after)).not.toContain('Alex Morgan');
  });

  it('records a manual check with time-limited permission, on a copy HR uploaded', async () => {
    const sam = await idOf(SAM);
    const copy = await upload(sam);
    const res = await hr.post(api(`/admin/people/${sam}/right-to-work`), {
      kind: 'manual_document',
      checked_on: day(-1),
      permission_expires_on: day(60),
      follow_up_on: day(45),
      file_ids: [copy],
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({
      kind: 'manual_document',
      share_code: null,
      checked_on: day(-1),
      checked_by: { name: 'Morgan Hughes' },
      permission_expires_on: day(60),
      follow_up_on: day(45),
      current: true,
      files: [{ id: copy, original_filename: 'passport.pdf' }],
    });
    const expiring = await list(hr, 'expiring');
    expect(names(expiring)).toEqual(['Sam Taylor']);
    expect(expiring.data[0].check).toMatchObject({ permission_expires_on: day(60), follow_up_on: day(45) });
    expect(names(await list(hr, 'none', '&per_page=100'))).not.toContain('Sam Taylor');
  });

  it('refuses a check the Home Office guide does not allow, and records nothing', async () => {
    const sam = await idOf(SAM);
    const jamie = await idOf(JAMIE);
    const copy = await upload(sam);
    const jamiesCopy = await upload(jamie);
    const bad = [
      [{ kind: 'idsp', idsp_document: 'french_passport' }, 'idsp_document'],
      [{ kind: 'idsp' }, 'idsp_document'],
      [
        { kind: 'idsp', idsp_document: 'british_passport', permission_expires_on: day(90), follow_up_on: day(80) },
        'permission_expires_on',
      ],
      [{ kind: 'home_office_online' }, 'share_code'],
      [{ kind: 'home_office_online', share_code: 'ABC' }, 'share_code'],
      [{ kind: 'manual_document', share_code: 'W2X4Y7Z9A' }, 'share_code'],
      [{ kind: 'manual_document', permission_expires_on: day(30) }, 'follow_up_on'],
      [{ kind: 'manual_document', permission_expires_on: day(30), follow_up_on: day(40) }, 'follow_up_on'],
      [{ kind: 'manual_document', checked_on: '2026-02-30' }, 'checked_on'],
      [{ kind: 'manual_document', checked_on: day(1) }, 'checked_on'],
      [{ kind: 'manual_document', file_ids: [] }, 'file_ids'],
      [{ kind: 'manual_document', file_ids: [jamiesCopy] }, 'file_ids'],
    ] as const;
    for (const [body, field] of bad) {
      const res = await hr.post(api(`/admin/people/${sam}/right-to-work`), {
        checked_on: day(0),
        file_ids: [copy],
        ...body,
      });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(
        res.json().errors.fields.map((f: { field: string }) => f.field),
        JSON.stringify(body),
      ).toContain(field);
    }
    const rows = await t.app.database.db.select().from(rightToWorkChecks).where(eq(rightToWorkChecks.staffId, sam));
    expect(rows).toHaveLength(1);
  });

  it('records a follow-up check the same way: it becomes current and moves the person off the list', async () => {
    const sam = await idOf(SAM);
    const page = (await hr.get(api(`/admin/people/${sam}/right-to-work`))).json().data;
    expect(page.can_record).toBe(true);
    expect(page.files.length).toBeGreaterThanOrEqual(2);
    const res = await hr.post(api(`/admin/people/${sam}/right-to-work`), {
      kind: 'home_office_online',
      share_code: 'w2x 4y7 z9a',
      checked_on: day(0),
      permission_expires_on: day(400),
      follow_up_on: day(380),
      file_ids: [page.files[0].id],
    });
    expect(res.status, res.body).toBe(200);
    expect(res.json().data).toMatchObject({ share_code: 'W2X4Y7Z9A', current: true });
    const after = (await hr.get(api(`/admin/people/${sam}/right-to-work`))).json().data;
    expect(after.checks.map((c: { kind: string; current: boolean }) => [c.kind, c.current])).toEqual([
      ['home_office_online', true],
      ['manual_document', false],
    ]);
    expect((await list(hr, 'expiring')).meta.counts.expiring).toBe(0);
    // The share code is kept sealed and never written to the audit log.
    const [row] = await t.app.database.db
      .select()
      .from(rightToWorkChecks)
      .where(eq(rightToWorkChecks.id, res.json().data.id));
    expect(row!.shareCodeSealed).not.toContain('W2X4Y7Z9A');
    const trail = await t.app.database.db.select().from(auditEvents).where(eq(auditEvents.staffId, sam));
    expect(trail.filter((e) => e.action === 'right_to_work.recorded')).toHaveLength(2);
    expect(JSON.stringify(trail)).not.toContain('W2X4Y7Z9A');
  });

  it('lists expired permission, sorted by date either way', async () => {
    const jamie = await idOf(JAMIE);
    const riley = await idOf(MANAGER);
    for (const [who, expires] of [
      [jamie, day(-10)],
      [riley, day(-100)],
    ] as const) {
      const res = await hr.post(api(`/admin/people/${who}/right-to-work`), {
        kind: 'manual_document',
        checked_on: day(-300),
        permission_expires_on: expires,
        follow_up_on: dayjs.utc(expires).subtract(7, 'day').format('YYYY-MM-DD'),
        file_ids: [await upload(who)],
      });
      expect(res.status, res.body).toBe(200);
    }
    const expired = await list(hr, 'expired');
    expect(expired.meta.counts.expired).toBe(2);
    expect(names(expired)).toEqual(['Riley Evans', 'Jamie Patel']);
    expect(names(await list(hr, 'expired', '&direction=desc'))).toEqual(['Jamie Patel', 'Riley Evans']);
    expect(names(await list(hr, 'expired', '&per_page=1&page=2'))).toEqual(['Jamie Patel']);
    expect((await hr.get(api('/admin/right-to-work?list=soon'))).status).toBe(400);
  });

  it('lets a manager read their venues’ records only, and record none', async () => {
    const sam = await idOf(SAM);
    const jamie = await idOf(JAMIE);
    expect((await list(manager, 'expired')).data).toEqual([]);
    expect(
      (await list(manager, 'none', '&per_page=100')).data.every(
        (r: { person: { venue: string } }) => r.person.venue === 'The Lantern, Leeds',
      ),
    ).toBe(true);
    const own = await manager.get(api(`/admin/people/${sam}/right-to-work`));
    expect(own.status).toBe(200);
    expect(own.json().data).toMatchObject({ can_record: false });
    expect(own.json().data.checks).toHaveLength(2);
    expect((await manager.get(api(`/admin/people/${jamie}/right-to-work`))).status).toBe(404);
    const refused = await manager.post(api(`/admin/people/${sam}/right-to-work`), {
      kind: 'manual_document',
      checked_on: day(0),
      file_ids: [own.json().data.files[0].id],
    });
    expect(refused.status).toBe(403);
    expect(refused.json().errors.message).toBe('Only HR can do that.');
    const upload = await manager.post(api(`/admin/people/${sam}/right-to-work/files`), {
      filename: 'x.pdf',
      file_data: dataUrl('application/pdf', await simplePdf('x')),
    });
    expect(upload.status).toBe(403);
  });
});
