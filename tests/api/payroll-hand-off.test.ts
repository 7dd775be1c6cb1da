/**
 * Issue 31, item 1: the payroll hand-off holds the new starters it exists for
 * (docs/product.md#payroll-hand-off, docs/decisions/0041-completing-onboarding-completes-the-record.md).
 * Two joiners go through their onboarding links to the end, through the same calls the web makes, with
 * the bank details the shipped fieldset asks for; HR's next file, from today, has both of them with their
 * bank details in full, while the link, `/me`, the audit log and the logs only ever show them masked, and
 * the database holds them only sealed. A joiner who finishes just after midnight in summer is in the file
 * of that day.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { parse } from 'csv-parse/sync';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS_DIR } from '@server/db/client.js';
import { auditEvents, onboardings, staff } from '@server/db/schema.js';
import { runCommand } from '@server/cli/run-command.js';
import { exportPayroll } from '@server/modules/console/payroll/payroll.js';
import { openAnswers } from '@server/modules/onboarding/index.js';
import { signaturePng, simplePdf, dataUrl } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { captureLog } from './helpers/log-capture.js';
import { PORTAL, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
/** Today as HR's date picker gives it in the UK. */
const ukToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/London' }).format(new Date());

describe.each(DATABASES)('the payroll hand-off of new starters on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const log = captureLog();
  const browser = () => new Browser({ [PORTAL]: t.app });

  beforeAll(async () => {
    // Every request line and more, so a bank detail that reached a log would be seen.
    t = await createTestApp(kind, { logger: true, logStream: log.stream, env: { LOG_LEVEL: 'debug' } });
    expect(
      (
        await runCommand({
          services: t.app.services,
          name: 'role grant',
          options: { staff: 'morgan.hughes@example.com', role: 'hr' },
        })
      ).error,
    ).toBeUndefined();
  });
  afterAll(() => t.dropAll());

  /** HR invites a joiner with the shipped fieldset (the demo's), who then onboards through the link to the end. */
  async function onboard(joiner: { startDate: string; bankAccount: string; sortCode: string }) {
    const email = newEmail('starter');
    const { token } = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Noor',
        surname: 'Ali',
        email,
        venue: 'The Lantern, York',
        position: 'Bartender',
        startDate: joiner.startDate,
      }),
      'onboard',
    );
    const link = browser();
    const base = api(`/staff/self-service-onboard/${token}`);
    const form = (await link.get(base)).json();
    expect(form.fieldset.data.name).toBe('UK hospitality joiner');
    expect(form.fieldset.data.fields).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ name: 'bank_account', type: 'text', required: true }),
        expect.objectContaining({ name: 'sort_code', type: 'text', required: true }),
      ]),
    );
    const passport = await link.post(api(`/staff/self-service/${token}/file`), {
      file_data: dataUrl('application/pdf', await simplePdf('Passport')),
      filename: 'passport.pdf',
    });
    expect(passport.status, passport.body).toBe(200);
    const details = await link.post(base, {
      fields: { ...goodAnswers(passport.json().data), bank_account: joiner.bankAccount, sort_code: joiner.sortCode },
    });
    expect(details.status, details.body).toBe(200);
    // The link is no second factor: it shows what it saved masked, as /me would.
    const digits = { account: joiner.bankAccount.replace(/\D/g, ''), sortCode: joiner.sortCode.replace(/\D/g, '') };
    expect(details.json().fields).toMatchObject({
      bank_account: `****${digits.account.slice(-4)}`,
      sort_code: `**-**-${digits.sortCode.slice(-2)}`,
    });
    expect((await link.post(`${base}/contract/sign`, { signature_data: await signaturePng() })).status).toBe(200);
    const done = await link.post(`${base}/password`, { password: 'Welcome123', password_check: 'Welcome123' });
    expect(done.status, done.body).toBe(200);
    expect(done.json().step).toBe('complete');
    const [person] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, email));
    return { email, person: person!, digits };
  }

  const csvRows = (csv: string): Record<string, string>[] => parse(csv, { columns: true });

  /** HR's file since `since`, as the console's call makes it. */
  const fileSince = async (since: string) =>
    (
      await exportPayroll({
        db: t.app.database.db,
        fieldKeys: t.app.services.fieldKeys,
        scope: { actorId: 'hr', role: 'hr', venueIds: null },
        since,
        ip: '127.0.0.1',
        log: t.app.log,
      })
    ).csv;

  it('puts a joiner who completed onboarding through their link in the next payroll file, with their bank details', async () => {
    const today = ukToday();
    // One starts later; the other started long ago and only finished onboarding today, so only the day
    // they finished puts them in the file.
    const later = await onboard({ startDate: '2099-01-04', bankAccount: '4081 7263', sortCode: '20-71-54' });
    const late = await onboard({ startDate: '2020-01-06', bankAccount: '73920465', sortCode: '404417' });

    // Completing onboarding completes the record: /me says so, and holds the bank details, masked.
    const member = await signedInBrowser(t.app, PORTAL, later.email, 'Welcome123');
    expect((await member.get(api('/staff/self-service/me'))).json().data).toMatchObject({
      onboard_complete: true,
      bank_account: '****7263',
      sort_code: '**-**-54',
    });

    const hr = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    await stepUpByEmail(hr, t.dataDir, 'morgan.hughes@example.com');
    const res = await hr.get(api(`/admin/payroll.csv?since=${today}`));
    expect(res.status, res.body).toBe(200);
    const rows = csvRows(res.body);
    for (const { email, digits } of [later, late]) {
      expect(rows.find((row) => row.email_address === email)).toMatchObject({
        forename: 'Noor',
        surname: 'Ali',
        venue: 'The Lantern, York',
        national_insurance_number: 'AB 12 34 56 C',
        bank_account: digits.account,
        sort_code: digits.sortCode.replace(/^(\d\d)(\d\d)(\d\d)$/, '$1-$2-$3'),
      });
    }
    expect(rows.find((row) => row.email_address === late.email)!.start_date).toBe('2020-01-06');

    // Moved, not copied: sealed in the staff record, and no longer among the onboarding answers, whose NI
    // number payroll still reads.
    const { db } = t.app.database;
    const [record] = await db.select().from(staff).where(eq(staff.id, later.person.id));
    expect(record).toMatchObject({ bankAccountLast4: '7263', sortCodeLast2: '54', onboardComplete: true });
    expect(record!.bankAccountSealed).toMatch(/^v2\./);
    const [onboarding] = await db.select().from(onboardings).where(eq(onboardings.staffId, later.person.id));
    const answers = openAnswers(t.app.services.fieldKeys, onboarding!, t.app.log);
    expect(answers.national_insurance_number).toBe('AB 12 34 56 C');
    expect(answers).not.toHaveProperty('bank_account');
    expect(answers).not.toHaveProperty('sort_code');
    const raw = (
      (await db.execute(
        sql`select (select to_jsonb(s)::text from staff s where s.id = ${later.person.id}) ||
                   (select to_jsonb(o)::text from onboardings o where o.staff_id = ${later.person.id}) as raw`,
      )) as unknown as { rows: { raw: string }[] }
    ).rows[0]!.raw;
    expect(raw).not.toContain('40817263');
    expect(raw).not.toContain('207154');

    // The audit log has the change, masked, by the joiner; nothing logged the details.
    const changes = await db.select().from(auditEvents).where(eq(auditEvents.staffId, later.person.id));
    expect(changes.find((e) => e.action === 'staff.bank_details_changed')).toMatchObject({
      actor: `joiner:${later.person.id}`,
      details: {
        bank_account: { old: null, new: '****7263' },
        sort_code: { old: null, new: '**-**-54' },
        onboarding_id: onboarding!.id,
      },
    });
    const audited = JSON.stringify(changes);
    for (const secret of ['40817263', '4081 7263', '20-71-54', '207154']) expect(audited, secret).not.toContain(secret);
    // (Six bare digits could turn up in a log line's timings by chance: the sort code is looked for as typed.)
    for (const secret of ['40817263', '4081 7263', '20-71-54', '73920465'])
      expect(log.text(), secret).not.toContain(secret);
  });

  it('marks as onboarded, by migration 0019, the joiners who completed onboarding before it was set, and no one else', async () => {
    const { db } = t.app.database;
    const before = await onboard({ startDate: '2026-01-05', bankAccount: '55667788', sortCode: '11-22-33' });
    const halfway = newEmail('halfway');
    await admin(t.app, 'invite', {
      forename: 'Kit',
      surname: 'Ray',
      email: halfway,
      venue: 'The Lantern, York',
      position: 'Host',
      startDate: '2026-01-05',
    });
    // As an earlier version left them: the file has them all the same, by their link's completion.
    await db.update(staff).set({ onboardComplete: false }).where(eq(staff.id, before.person.id));
    expect(await fileSince(ukToday())).toContain(before.email);
    await db.execute(
      sql.raw(await fs.readFile(path.join(MIGRATIONS_DIR, '0019_onboard-complete-backfill.sql'), 'utf8')),
    );
    const flags = async (email: string) =>
      (await db.select({ done: staff.onboardComplete }).from(staff).where(eq(staff.emailAddress, email)))[0]!.done;
    expect(await flags(before.email)).toBe(true);
    expect(await flags(halfway)).toBe(false);
    expect(await flags('jamie.patel@example.com')).toBe(false);
  });

  it('counts the day HR gives as a day in London: a joiner who finished at 00:30 on a summer morning is in that day’s file', async () => {
    const joiner = await onboard({ startDate: '2020-01-06', bankAccount: '11223344', sortCode: '55-66-77' });
    const { db } = t.app.database;
    // 00:30 BST on 2 July 2026 is 23:30 UTC on 1 July.
    await db
      .update(onboardings)
      .set({ completedAt: new Date('2026-07-01T23:30:00Z') })
      .where(eq(onboardings.staffId, joiner.person.id));
    expect(await fileSince('2026-07-02')).toContain(joiner.email);
    expect(await fileSince('2026-07-03')).not.toContain(joiner.email);
  });
});
