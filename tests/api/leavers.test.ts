/**
 * Leavers end to end (docs/product.md#leavers), with the server's clock moved as a test needs: HR or a
 * venue manager (their venues only) records a leaving; at the end of the leaving date in London every
 * session ends, a new sign-in is refused with the date on the login screen's message, onboarding and
 * document links answer like an unknown link, the till answers `left`, and of everything queued for the
 * leaver only the one leaver notice is sent (to a real SMTP server). A leaving can be changed or
 * cancelled before it takes effect, "leave now" takes effect at once, and a re-hire brings the same
 * record back. The people list's leaving filter lists exactly those whose access has not ended, whether
 * or not the clean-up round has run since another's ended. On PostgreSQL, the sessions of two instances
 * on one database end together.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, deliveries, staff } from '@server/db/schema.js';
import { discountCode, discountKey, discountWindow } from '@server/modules/team-discount/code.js';
import { runCleanUp } from '@server/modules/housekeeping/index.js';
import { Browser, pressLogin, signedInBrowser, signInAtProvider } from './helpers/browser.js';
import { bytesOption, linkOf, newEmail } from './helpers/joiners.js';
import { startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const PASSWORD = 'leaving-2026';
const AGREEMENT =
  '<html><head><title>Locker agreement</title></head><body><p>I, {{forename}}, keep my locker tidy.</p></body></html>';

/** Moves the server's clock (Date only: timers and the database keep real time) to `iso`, ticking on from there. */
function clockAt(iso: string): void {
  if (!vi.isFakeTimers()) vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
  vi.setSystemTime(new Date(iso));
}

describe.each(DATABASES)('Leavers on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpServer;
  let tillKey: string;
  const db = () => t.app.database.db;
  const command = (name: string, options: Record<string, unknown>) =>
    runCommand({ services: t.app.services, name, options });
  const member = async (email: string) => (await db().select().from(staff).where(eq(staff.emailAddress, email)))[0]!;
  const till = (code: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/discount/verify',
      headers: { authorization: `Bearer ${tillKey}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    });
  const codeOf = async (email: string) =>
    discountCode(
      discountKey(t.app.services.appSecret),
      (await member(email)).staffNumber,
      discountWindow(new Date(), 24 * 3600 * 1000).index,
    );
  /** A new member of The Lantern, Leeds who signs in with PASSWORD. */
  const newMember = async (prefix: string) => {
    const email = newEmail(prefix);
    const made = await command('create-staff', {
      forename: 'Robin',
      surname: prefix,
      email,
      password: PASSWORD,
      venue: 'The Lantern, Leeds',
      onboardComplete: true,
    });
    expect(made.exitCode, made.error).toBe(0);
    return { email, id: (await member(email)).id };
  };
  const mailTo = (email: string) => smtp.received.filter((m) => m.to.includes(email));

  beforeAll(async () => {
    smtp = await startSmtpServer();
    t = await createTestApp(kind, { env: { SMTP_URL: smtp.url } });
    expect(
      (
        await command('role grant', {
          staff: 'riley.evans@example.com',
          role: 'manager',
          venue: ['The Lantern, Leeds'],
        })
      ).exitCode,
    ).toBe(0);
    expect((await command('role grant', { staff: 'morgan.hughes@example.com', role: 'hr' })).exitCode).toBe(0);
    tillKey = (await command('till-key create', { venue: 'The Lantern, Leeds' })).lines.at(-1)!;
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await t?.dropAll();
    await smtp?.stop();
  });

  it('ends access at the end of the leaving date in London: sessions, sign-in, links, the till, mail', async () => {
    // 23:30 UTC on 2 July is already 3 July in London (BST).
    clockAt('2026-07-02T23:30:00Z');
    const leaver = await newMember('leaver');
    const manager = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const agreement = await command('agreement issue', {
      staff: leaver.email,
      template: bytesOption('locker.html', AGREEMENT),
    });
    const { token } = linkOf(agreement.lines, 'agreement');
    const agreementLink = api(`/staff/agreement/${token}`);
    expect((await new Browser({ [PORTAL]: t.app }).get(agreementLink)).status).toBe(200);

    // Yesterday by the UTC calendar is before today in London: refused, and nothing changes.
    const past = await manager.post(api(`/admin/people/${leaver.id}/leaving`), {
      leaving_date: '2026-07-02',
      reason: 'resigned',
    });
    expect(past.status).toBe(400);
    expect(past.json().errors.fields[0].field).toBe('leaving_date');
    expect((await member(leaver.email)).leavingDate).toBeNull();

    const recorded = await manager.post(api(`/admin/people/${leaver.id}/leaving`), {
      leaving_date: '2026-07-03',
      reason: 'resigned',
    });
    expect(recorded.status, recorded.body).toBe(200);
    expect(recorded.json().data).toMatchObject({
      leaving_date: '2026-07-03',
      leaving_reason: 'resigned',
      access_ends_at: '2026-07-03T23:00:00.000Z',
      left: false,
    });
    const leaving = await manager.get(api('/admin/people?status=leaving&per_page=100'));
    expect(leaving.json().data.map((row: { id: string }) => row.id)).toContain(leaver.id);

    // Their last evening: still signed in, the card still works.
    clockAt('2026-07-03T22:40:00Z');
    const phone = await signedInBrowser(t.app, PORTAL, leaver.email, PASSWORD);
    expect((await phone.get(api('/staff/self-service/me'))).status).toBe(200);
    expect((await till(await codeOf(leaver.email))).json().data.valid).toBe(true);
    expect((await t.app.services.deliveries.deliverDue()).sent).toBe(0);

    // A minute past midnight in London.
    clockAt('2026-07-03T23:01:00Z');
    const ended = await phone.get(api('/staff/self-service/me'));
    expect(ended.status).toBe(403);
    expect(ended.json().errors.code).toBe('NOT_SIGNED_IN');
    expect((await till(await codeOf(leaver.email))).json().data).toEqual({ valid: false, reason: 'left' });
    const unknown = await new Browser({ [PORTAL]: t.app }).get(api(`/staff/agreement/${'x'.repeat(43)}`));
    const dead = await new Browser({ [PORTAL]: t.app }).get(agreementLink);
    expect([dead.status, dead.json()]).toEqual([unknown.status, unknown.json()]);

    // Signing in again: the provider's form sends them back to the login screen with the reason.
    const fresh = new Browser({ [PORTAL]: t.app });
    const form = await pressLogin(fresh, PORTAL);
    const action = /action="([^"]+)"/.exec(form.res!.body)![1]!;
    const posted = await fresh.request('POST', new URL(action, form.url).href, {
      form: { email: leaver.email, password: PASSWORD },
    });
    const back = new URL((await fresh.follow(posted.location!, `${PORTAL}/login`)).url);
    expect(back.searchParams.get('code')).toBeNull();
    expect(back.searchParams.get('error_description')).toBe(
      'Your access ended on 03/07/2026. Ask your manager if this is wrong.',
    );
    // The phone still holds the provider's own session: straight back with a code, refused by the portal.
    const again = await signInAtProvider(phone, PORTAL, { email: leaver.email, password: PASSWORD });
    const refused = await phone.post(api('/staff/self-service/process-authentication'), again);
    expect(refused.status).toBe(403);
    expect(refused.json().errors).toEqual({
      code: 'ACCESS_ENDED',
      message: 'Your access ended on 03/07/2026. Ask your manager if this is wrong.',
    });

    // Of what was queued for them, only the leaver notice goes; a document issued now is never sent.
    await command('agreement issue', { staff: leaver.email, template: bytesOption('late.html', AGREEMENT) });
    await t.app.services.deliveries.deliverDue();
    await t.app.services.deliveries.deliverDue({ now: new Date(Date.now() + 3 * 3600_000) });
    await smtp.settled();
    const mail = mailTo(leaver.email);
    expect(mail.map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual([
      'Please read and sign your agreement: Locker agreement',
      'Your access to the Lantern Inns team portal has ended',
    ]);
    const withheld = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.staffId, leaver.id), eq(auditEvents.action, 'delivery.withheld')));
    expect(withheld).toHaveLength(1);
    const manager2 = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const history = (await manager2.get(api(`/admin/people/${leaver.id}`))).json().data.history;
    expect(history.map((line: { action: string }) => line.action)).toEqual(
      expect.arrayContaining(['staff.leaving_recorded', 'sign-in.refused', 'sign-in.password.refused']),
    );
    expect((await manager2.get(api('/admin/people?status=left&per_page=100'))).json().data).toContainEqual(
      expect.objectContaining({ id: leaver.id, left: true }),
    );
  });

  it('changes or cancels a leaving before it takes effect, keeping one notice at most', async () => {
    const person = await newMember('changing');
    const hr = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const leave = (body: object) => hr.post(api(`/admin/people/${person.id}/leaving`), body);
    const inAWeek = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10);
    const inAMonth = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    expect((await leave({ leaving_date: inAWeek, reason: 'end_of_contract' })).status).toBe(200);
    const changed = await leave({ leaving_date: inAMonth, reason: 'other' });
    expect(changed.json().data).toMatchObject({ leaving_date: inAMonth, leaving_reason: 'other', left: false });
    const notices = () =>
      db()
        .select()
        .from(deliveries)
        .where(and(eq(deliveries.staffId, person.id), eq(deliveries.purpose, 'leaver-notice')));
    expect(await notices()).toHaveLength(1);
    // Still signed in meanwhile.
    expect(
      (await (await signedInBrowser(t.app, PORTAL, person.email, PASSWORD)).get(api('/staff/self-service/me'))).status,
    ).toBe(200);
    const cancelled = await hr.post(api(`/admin/people/${person.id}/leaving/cancel`));
    expect(cancelled.json().data).toMatchObject({ leaving_date: null, leaving_reason: null, access_ends_at: null });
    expect(await notices()).toHaveLength(0);
    expect((await hr.post(api(`/admin/people/${person.id}/leaving/cancel`))).status).toBe(409);
    // Bad input changes nothing.
    expect((await leave({ leaving_date: '2026-02-30', reason: 'resigned' })).status).toBe(400);
    expect((await leave({ leaving_date: inAWeek, reason: 'retired' })).status).toBe(400);
    expect((await leave({ leave_now: true, leaving_date: inAWeek, reason: 'resigned' })).status).toBe(400);
    expect((await member(person.email)).leavingDate).toBeNull();
    const actions = (await hr.get(api(`/admin/people/${person.id}`)))
      .json()
      .data.history.map((l: { action: string }) => l.action);
    expect(actions).toEqual(
      expect.arrayContaining(['staff.leaving_recorded', 'staff.leaving_changed', 'staff.leaving_cancelled']),
    );
  });

  it('keeps a manager to their venues: another venue’s person is 404 and unchanged', async () => {
    const manager = await signedInBrowser(t.app, PORTAL, 'riley.evans@example.com');
    const jamie = await member('jamie.patel@example.com');
    for (const path of ['leaving', 'leaving/cancel', 'rehire']) {
      const res = await manager.post(api(`/admin/people/${jamie.id}/${path}`), {
        leave_now: true,
        reason: 'dismissed',
        start_date: '2030-01-01',
      });
      expect(res.status, path).toBe(404);
    }
    expect((await member('jamie.patel@example.com')).accessEndsAt).toBeNull();
  });

  it('"leave now" ends access at once and sends the notice; a re-hire brings the same record back', async () => {
    const person = await newMember('now');
    const joiner = newEmail('joiner-leaving');
    const invited = await command('invite', {
      forename: 'Jo',
      surname: 'Iner',
      email: joiner,
      venue: 'The Lantern, Leeds',
      position: 'Bartender',
      startDate: '2030-12-01',
      fieldset: 'UK hospitality joiner',
    });
    expect(invited.exitCode, invited.error).toBe(0);
    const onboard = linkOf(invited.lines, 'onboard');
    const onboardingLink = api(`/staff/self-service-onboard/${onboard.token}`);
    const anyone = new Browser({ [PORTAL]: t.app });
    expect((await anyone.get(onboardingLink)).status).toBe(200);
    const phone = await signedInBrowser(t.app, PORTAL, person.email, PASSWORD);

    // From the CLI, as HR runs it.
    const left = await command('staff leave', { staff: person.email, reason: 'dismissed', now: true });
    expect(left.exitCode, left.error).toBe(0);
    expect(left.lines[0]).toMatch(/has left \(last working day \d\d\/\d\d\/\d{4}\): their access has ended\.$/);
    expect((await command('staff leave', { staff: joiner, reason: 'other', now: true })).exitCode).toBe(0);
    expect((await phone.get(api('/staff/self-service/me'))).json().errors.code).toBe('NOT_SIGNED_IN');
    const link = await anyone.get(onboardingLink);
    const unknown = await anyone.get(api(`/staff/self-service-onboard/${'y'.repeat(43)}`));
    expect([link.status, link.json()]).toEqual([unknown.status, unknown.json()]);
    await smtp.settled();
    expect(mailTo(person.email).map((m) => /^Subject: (.*)$/m.exec(m.raw)?.[1])).toEqual([
      'Your access to the Lantern Inns team portal has ended',
    ]);
    // Already left: a new leaving or a cancel is refused; the CLI words its own refusals.
    const twice = await command('staff leave', { staff: person.email, reason: 'other', now: true });
    expect(twice.exitCode).toBe(1);
    expect(twice.error).toMatch(/re-hire/);
    expect((await command('staff leave', { staff: person.email, cancel: true })).exitCode).toBe(1);
    expect((await command('staff leave', { staff: person.email })).error).toMatch(/--reason is required/);

    // Re-hired from a day after the leaving date: the same record, history kept, signs in again.
    const before = await member(person.email);
    const tooEarly = await command('staff rehire', { staff: person.email, startDate: before.leavingDate });
    expect(tooEarly.exitCode).toBe(1);
    const hr = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const startDate = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const rehired = await hr.post(api(`/admin/people/${person.id}/rehire`), { start_date: startDate });
    expect(rehired.status, rehired.body).toBe(200);
    expect(rehired.json().data).toMatchObject({
      id: person.id,
      start_date: startDate,
      leaving_date: null,
      left: false,
    });
    expect(rehired.json().data.history.map((l: { action: string }) => l.action)).toEqual(
      expect.arrayContaining(['staff.rehired', 'staff.left_now']),
    );
    expect((await member(person.email)).staffNumber).toBe(before.staffNumber);
    // The session from before the leaving stays ended; a new sign-in works.
    expect((await phone.get(api('/staff/self-service/me'))).status).toBe(403);
    const back = await signedInBrowser(t.app, PORTAL, person.email, PASSWORD);
    expect((await back.get(api('/staff/self-service/me'))).status).toBe(200);
    expect((await till(await codeOf(person.email))).json().data.valid).toBe(true);
  });

  it('hands payroll the leavers since a date with their leaving date', async () => {
    const person = await newMember('payroll');
    expect((await command('staff leave', { staff: person.email, reason: 'resigned', now: true })).exitCode).toBe(0);
    const { exportPayroll } = await import('@server/modules/console/payroll/payroll.js');
    const today = (await member(person.email)).leavingDate!;
    const { csv } = await exportPayroll({
      db: db(),
      fieldKeys: t.app.services.fieldKeys,
      scope: { actorId: (await member('morgan.hughes@example.com')).id, role: 'hr', venueIds: null },
      since: today,
      ip: '127.0.0.1',
      log: { warn: () => {} } as never,
    });
    const [header, ...rows] = csv.trim().split('\n');
    expect(header!.split(',').at(-1)).toBe('leaving_date');
    expect(
      rows
        .find((row) => row.includes(person.email))!
        .split(',')
        .at(-1),
    ).toBe(today);
  });

  it('lists as leaving, in name order, those recorded through the console or the CLI until their access ends, cleaned up or not', async () => {
    // 12:00 in London (GMT): a leaving date's access ends at the next midnight UTC.
    clockAt('2031-03-10T12:00:00Z');
    const hr = async () => signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const listed = async (browser: Browser, status: 'leaving' | 'left', sort = 'name') => {
      const res = await browser.get(api(`/admin/people?status=${status}&sort=${sort}&per_page=100`));
      expect(res.status, res.body).toBe(200);
      const { data, meta } = res.json() as { data: { id: string; left: boolean }[]; meta: { total: number } };
      expect(meta.total).toBe(data.length);
      return data.map((row) => row.id);
    };
    /** The console's leaving flag as stored (a superset of who is leaving, cleared by the clean-up round). */
    const flagged = async (id: string) =>
      (await db().select({ flag: staff.isLeaving }).from(staff).where(eq(staff.id, id)))[0]!.flag;
    const byConsole = await newMember('listed-console');
    const byCli = await newMember('listed-cli');
    const cancelled = await newMember('listed-cancelled');
    const rehired = await newMember('listed-rehired');
    const people = await hr();
    const leave = (id: string, body: object) => people.post(api(`/admin/people/${id}/leaving`), body);
    expect((await leave(byConsole.id, { leaving_date: '2031-03-12', reason: 'resigned' })).status).toBe(200);
    const cli = await command('staff leave', { staff: byCli.email, date: '2031-03-11', reason: 'end_of_contract' });
    expect(cli.exitCode, cli.error).toBe(0);
    expect((await leave(cancelled.id, { leaving_date: '2031-03-20', reason: 'other' })).status).toBe(200);
    expect(await listed(people, 'leaving')).toContain(cancelled.id);
    expect((await people.post(api(`/admin/people/${cancelled.id}/leaving/cancel`))).status).toBe(200);
    // Left at once, then brought back before any clean-up round.
    expect((await command('staff leave', { staff: rehired.email, reason: 'dismissed', now: true })).exitCode).toBe(0);
    expect(await listed(people, 'left')).toContain(rehired.id);
    expect(await listed(people, 'leaving')).not.toContain(rehired.id);
    const back = await people.post(api(`/admin/people/${rehired.id}/rehire`), { start_date: '2031-03-17' });
    expect(back.status, back.body).toBe(200);
    // Surname order: listed-cli before listed-console.
    expect(await listed(people, 'leaving')).toEqual([byCli.id, byConsole.id]);
    expect([await flagged(cancelled.id), await flagged(rehired.id)]).toEqual([false, false]);

    // Half past midnight: the CLI's leaver has left, and no clean-up round has run since.
    clockAt('2031-03-12T00:30:00Z');
    let after = await hr();
    expect(await flagged(byCli.id)).toBe(true);
    expect(await listed(after, 'leaving')).toEqual([byConsole.id]);
    // Every sort lists the same people (only the name order reads the flag).
    for (const sort of ['start_date', 'position', 'venue'])
      expect(await listed(after, 'leaving', sort), sort).toEqual([byConsole.id]);
    expect(await listed(after, 'left')).toContain(byCli.id);
    // The round clears the flag of whoever's access ended; the lists do not change.
    expect(await runCleanUp({ services: t.app.services })).toMatchObject({ ran: true });
    expect([await flagged(byCli.id), await flagged(byConsole.id)]).toEqual([false, true]);
    expect(await listed(after, 'leaving')).toEqual([byConsole.id]);
    expect(await listed(after, 'left')).toContain(byCli.id);

    // A day on, the console's leaver has left too, before any round.
    clockAt('2031-03-13T00:30:00Z');
    after = await hr();
    expect(await listed(after, 'leaving')).toEqual([]);
    expect(await listed(after, 'left')).toEqual(expect.arrayContaining([byCli.id, byConsole.id]));
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('A leaver on two instances of one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    a = await createTestApp('postgres');
    b = await createTestApp('postgres', { databaseUrl: a.databaseUrl, dataDir: a.dataDir, seed: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.dropAll();
  });

  it('ends the sessions on both instances when a manager on one records "leave now"', async () => {
    const email = newEmail('two');
    await runCommand({
      services: a.app.services,
      name: 'create-staff',
      options: { forename: 'Two', surname: 'Places', email, password: PASSWORD, venue: 'The Lantern, Leeds' },
    });
    const onA = await signedInBrowser(a.app, PORTAL, email, PASSWORD);
    const onB = await signedInBrowser(b.app, PORTAL, email, PASSWORD);
    expect((await onA.get(api('/staff/self-service/me'))).status).toBe(200);
    expect((await onB.get(api('/staff/self-service/me'))).status).toBe(200);
    await runCommand({
      services: a.app.services,
      name: 'role grant',
      options: { staff: 'riley.evans@example.com', role: 'manager', venue: ['The Lantern, Leeds'] },
    });
    const manager = await signedInBrowser(a.app, PORTAL, 'riley.evans@example.com');
    const [row] = await a.app.database.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email));
    expect(
      (await manager.post(api(`/admin/people/${row!.id}/leaving`), { leave_now: true, reason: 'resigned' })).status,
    ).toBe(200);
    for (const browser of [onA, onB]) {
      const res = await browser.get(api('/staff/self-service/me'));
      expect(res.status).toBe(403);
      expect(res.json().errors.code).toBe('NOT_SIGNED_IN');
    }
  });
});
