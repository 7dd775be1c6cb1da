/**
 * Set-your-password links (docs/product.md#password-links, docs/decisions/0051-set-password-links.md):
 * an imported member's paced invitation carries one; it opens, sets a password the embedded provider
 * then signs in with, and is dead afterwards; a newer link kills an older one; a leaver's link is dead;
 * a password breaking the rules changes nothing; setting one signs the member out everywhere; a manager
 * reaches only their venues' people; with an external provider there are no such links.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, deliveries, passwordLinks, staff } from '@server/db/schema.js';
import { readOutbox } from '@server/lib/mailer.js';
import { runCommand } from '@server/cli/run-command.js';
import { hashToken } from '@server/lib/tokens.js';
import { Browser, signIn, signedInBrowser } from './helpers/browser.js';
import { admin, adminFails, bytesOption, newEmail } from './helpers/joiners.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const ORIGIN = 'http://localhost:3000';
const api = (p: string) => `${ORIGIN}/api${p}`;
const HR = 'morgan.hughes@example.com';
const MANAGER = 'riley.evans@example.com';
const LINK_MESSAGE = 'This link has expired or is not valid. Ask your manager to send you a new one.';
const GOOD = 'new-Passw0rd';
const DAY_MS = 24 * 60 * 60 * 1000;

/** The token of the last `/set-password/<token>` link in `text`. */
function tokenIn(text: string): string {
  const all = [...text.matchAll(/http:\/\/localhost:3000\/set-password\/([A-Za-z0-9_-]{43})/g)];
  expect(all.length, text).toBeGreaterThan(0);
  return all.at(-1)![1]!;
}

describe.each(DATABASES)('password links on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let anon: Browser;
  let hr: Browser;
  const db = () => t.app.services.db;

  const linkStatus = (token: string) => anon.get(api(`/staff/password-link/${token}`));
  const setPassword = (token: string, password: string, check = password) =>
    anon.post(api(`/staff/password-link/${token}`), { password, password_check: check });
  const hashOf = async (email: string) =>
    (await db().select({ h: staff.passwordHash }).from(staff).where(eq(staff.emailAddress, email)))[0]!.h;
  /** Creates a member without a password at `venue`; answers their email and id. */
  async function member(venue = 'The Lantern, York') {
    const email = newEmail('member');
    const lines = await admin(t.app, 'create-staff', { forename: 'Kit', surname: 'Reed', email, venue });
    return { email, id: /\(([0-9a-f-]{36})\)$/.exec(lines[0]!)![1]! };
  }
  /** Runs `staff password-link` for `email`; answers the token it printed last. */
  async function cliLink(email: string) {
    const lines = await admin(t.app, 'staff password-link', { staff: email });
    return tokenIn(lines.at(-1)!);
  }

  beforeAll(async () => {
    t = await createTestApp(kind, { env: { INVITES_PER_MINUTE: '1' } });
    await admin(t.app, 'role grant', { staff: HR, role: 'hr' });
    await admin(t.app, 'role grant', { staff: MANAGER, role: 'manager', venue: ['The Lantern, York'] });
    anon = new Browser({ [ORIGIN]: t.app });
    hr = await signedInBrowser(t.app, ORIGIN, HR);
  }, 120_000);
  afterAll(() => t.dropAll());

  it('invites imported people with a link that works for LINK_TOKEN_DAYS from when it goes out, once', async () => {
    const run = kind.slice(0, 2) + Date.now().toString(36);
    const emails = [`ada.${run}@example.com`, `alan.${run}@example.com`];
    const csv =
      'Forename,Surname,Email,Venue\n' +
      `Ada,Lovelace,${emails[0]},"The Lantern, York"\n` +
      `Alan,Turing,${emails[1]},"Salt & Ember, Chester"\n`;
    await admin(t.app, 'staff import', { file: bytesOption('people.csv', csv), invitations: true });

    // One a minute: the second invitation goes out a minute after the first, and its link counts from then.
    const queued = await db()
      .select({ staffId: deliveries.staffId, due: deliveries.nextAttemptAt })
      .from(deliveries)
      .innerJoin(staff, eq(staff.id, deliveries.staffId))
      .where(eq(deliveries.purpose, 'staff-import-invitation'));
    const links = await db().select().from(passwordLinks);
    for (const email of emails) {
      const [person] = await db().select().from(staff).where(eq(staff.emailAddress, email));
      const due = queued.find((q) => q.staffId === person!.id)!.due;
      const link = links.find((l) => l.staffId === person!.id)!;
      expect(link.expiresAt.getTime() - due.getTime()).toBe(t.config.linkTokenDays * DAY_MS);
    }
    await t.app.services.deliveries.deliverDue({ now: new Date(Date.now() + 5 * 60_000) });

    const mail = (await readOutbox(t.dataDir)).find((m) => m.to === emails[1])!;
    expect(mail.subject).toBe('Salt & Ember: your team member portal is ready');
    expect(mail.text).toContain('First set your password here: http://localhost:3000/set-password/');
    expect(mail.text).toContain(`Then sign in at http://localhost:3000/login with this email address, ${emails[1]}.`);
    expect(mail.text).toMatch(/The link works until \d\d\/\d\d\/\d{4}\. If it has expired, ask your manager/);
    expect(mail.text).toContain('Please do not forward this email: the link is yours alone.');
    const token = tokenIn(mail.text);
    // Only the hash is stored.
    expect(links.some((l) => l.tokenHash === hashToken(token))).toBe(true);

    const opened = await linkStatus(token);
    expect(opened.status, opened.body).toBe(200);
    expect(opened.json()).toEqual({
      data: { forename: 'Alan', brand: { id: 'salt-and-ember', name: 'Salt & Ember' } },
    });

    const set = await setPassword(token, GOOD);
    expect(set.status, set.body).toBe(200);
    expect(set.json()).toEqual({ data: { password_set: true } });
    const signedIn = await signIn(new Browser({ [ORIGIN]: t.app }), ORIGIN, emails[1]!, GOOD);
    expect(signedIn.user.email_address).toBe(emails[1]);

    for (const res of [await linkStatus(token), await setPassword(token, 'another-Passw0rd')]) {
      expect(res.status).toBe(404);
      expect(res.json()).toEqual({ errors: { message: LINK_MESSAGE, code: 'NOT_FOUND' } });
    }
    const [audited] = await db()
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'staff.password_set'), eq(auditEvents.staffId, signedIn.user.id)));
    expect(audited).toBeDefined();
    expect(JSON.stringify(audited)).not.toContain(GOOD);
    expect(JSON.stringify(audited)).not.toContain(token);
  });

  it('refuses a password that breaks the rules with the field errors, and changes nothing', async () => {
    const { email } = await member();
    const token = await cliLink(email);
    const cases: [string, string, { field: string; error: string }[]][] = [
      ['short1', 'short1', [{ field: 'password', error: 'must be at least 8 characters' }]],
      ['no-digits-here', 'no-digits-here', [{ field: 'password', error: 'must contain at least 1 digit' }]],
      [GOOD, 'something-else1', [{ field: 'password_check', error: 'must be the same as the password' }]],
      [GOOD, '', [{ field: 'password_check', error: 'must be the same as the password' }]],
    ];
    for (const [password, check, fields] of cases) {
      const res = await setPassword(token, password, check);
      expect(res.status).toBe(400);
      expect(res.json()).toEqual({
        errors: { message: 'Choose a password that meets the rules.', fields, code: 'BAD_REQUEST' },
      });
    }
    const tooLong = await setPassword(token, `1${'a'.repeat(256)}`);
    expect(tooLong.status).toBe(400);
    expect(await hashOf(email)).toBeNull();
    // The link still works after refusals.
    expect((await linkStatus(token)).status).toBe(200);
  });

  it('kills the earlier link when a new one is sent, and signs the member out everywhere', async () => {
    const { email } = await member();
    const first = await cliLink(email);
    const second = await cliLink(email);
    expect((await linkStatus(first)).status).toBe(404);
    expect((await setPassword(second, GOOD)).status).toBe(200);

    const phone = await signedInBrowser(t.app, ORIGIN, email, GOOD);
    expect((await phone.get(api('/staff/self-service/me'))).status).toBe(200);
    // A password change (say, after a phone was lost) ends the sessions the old password opened.
    const third = await cliLink(email);
    expect((await setPassword(third, 'other-Passw0rd')).status).toBe(200);
    expect((await phone.get(api('/staff/self-service/me'))).status).toBe(403);
    // And the provider's own session is gone: Login asks for the password again.
    const again = await phone.get(
      api(`/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${ORIGIN}/login`)}`),
    );
    const page = await phone.follow(again.json<{ url: string }>().url, `${ORIGIN}/login`);
    expect(page.res?.body).toContain('<form');
  });

  it('answers a leaver’s link as expired, and sends a leaver none', async () => {
    const { email, id } = await member();
    const token = await cliLink(email);
    await admin(t.app, 'staff leave', { staff: email, now: true, reason: 'resigned' });
    expect((await linkStatus(token)).status).toBe(404);
    expect((await setPassword(token, GOOD)).status).toBe(404);
    expect(await hashOf(email)).toBeNull();
    const refused = await hr.post(api(`/admin/people/${id}/password-link`));
    expect(refused.status).toBe(409);
    expect(refused.json().errors.message).toBe('They have left, so they cannot sign in: there is no password to set.');
  });

  it('lets HR and a manager of the venue send one from the console, and no one else', async () => {
    const york = await member('The Lantern, York');
    const chester = await member('Salt & Ember, Chester');
    const sent = await hr.post(api(`/admin/people/${chester.id}/password-link`));
    expect(sent.status, sent.body).toBe(200);
    expect(sent.json().data).toMatchObject({ mail_problem: null });
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === chester.email).at(-1)!;
    expect(mail.subject).toBe('Salt & Ember: set your password for the team member portal');
    expect(tokenIn(mail.text)).toBe(tokenIn(sent.json().data.link));
    expect(mail.text).toContain('Please do not forward this email: the link is yours alone.');

    const manager = await signedInBrowser(t.app, ORIGIN, MANAGER);
    expect((await manager.post(api(`/admin/people/${york.id}/password-link`))).status).toBe(200);
    const outside = await manager.post(api(`/admin/people/${chester.id}/password-link`));
    expect(outside.status).toBe(404);
    expect(outside.json().errors.message).toBe('That person was not found.');
    // The link HR sent still works: the refused call changed nothing.
    expect((await linkStatus(tokenIn(sent.json().data.link))).status).toBe(200);

    const staffOnly = await signedInBrowser(t.app, ORIGIN, 'sam.taylor@example.com');
    expect((await staffOnly.post(api(`/admin/people/${york.id}/password-link`))).status).toBe(403);
    expect((await anon.post(api(`/admin/people/${york.id}/password-link`))).status).toBe(403);
  });

  it('emails a person added in the console their link, and sends none to someone still onboarding', async () => {
    const me = await hr.get(api('/admin/me'));
    expect(me.json().data.password_links).toBe(true);
    const [venue] = me.json().data.venues;
    const email = newEmail('added');
    const added = await hr.post(api('/admin/people'), { forename: 'Noor', surname: 'Ali', email, venue_id: venue.id });
    expect(added.status, added.body).toBe(200);
    const mail = (await readOutbox(t.dataDir)).filter((m) => m.to === email);
    expect(mail).toHaveLength(1);
    expect((await linkStatus(tokenIn(mail[0]!.text))).json().data.forename).toBe('Noor');

    const joiner = newEmail('joiner');
    await admin(t.app, 'invite', {
      forename: 'Jo',
      surname: 'Ng',
      email: joiner,
      venue: 'The Lantern, York',
      position: 'Chef',
      startDate: '2026-12-01',
    });
    const refused = await adminFails(t.app, 'staff password-link', { staff: joiner });
    expect(refused.error).toBe(
      'They have not finished onboarding: their onboarding link sets their password. Send that link again instead.',
    );
  });

  it('prints the link from create-staff --password-link', async () => {
    const email = newEmail('cli');
    const lines = await admin(t.app, 'create-staff', {
      forename: 'Cy',
      surname: 'Lo',
      email,
      passwordLink: true,
    });
    expect(lines[1]).toBe(`A link to set their password was emailed to ${email} (any earlier link no longer works):`);
    expect((await linkStatus(tokenIn(lines.at(-1)!))).status).toBe(200);
    const both = await runCommand({
      services: t.app.services,
      name: 'create-staff',
      options: { forename: 'A', surname: 'B', email: newEmail('cli'), password: GOOD, passwordLink: true },
    });
    expect(both.exitCode).toBe(2);
  });
});

describe('password links with an external provider', () => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  beforeAll(async () => {
    t = await createTestApp('pglite', {
      env: {
        OIDC_ISSUER: 'http://127.0.0.1:9/oidc',
        OIDC_CLIENT_ID: 'staffroom',
        OIDC_CLIENT_SECRET: 'a-client-secret-of-some-length',
      },
    });
  }, 120_000);
  afterAll(() => t.dropAll());

  it('offers none: the CLI refuses, the calls answer 404 and the import invites without one', async () => {
    const refused = await adminFails(t.app, 'staff password-link', { staff: 'sam.taylor@example.com' });
    expect(refused.error).toBe(
      'Passwords are kept by the group’s sign-in provider, so Staffroom has no password link to send.',
    );
    const browser = new Browser({ [ORIGIN]: t.app });
    expect((await browser.get(api(`/staff/password-link/${'x'.repeat(43)}`))).status).toBe(404);
    const email = newEmail('ext');
    await admin(t.app, 'staff import', {
      file: bytesOption('people.csv', `Forename,Surname,Email,Venue\nEd,Ext,${email},"The Lantern, York"\n`),
      invitations: true,
    });
    await t.app.services.deliveries.deliverDue({ now: new Date(Date.now() + 60 * 60_000) });
    const mail = (await readOutbox(t.dataDir)).find((m) => m.to === email)!;
    expect(mail.text).toContain(`Sign in at http://localhost:3000/login with your work account, ${email}.`);
    expect(mail.text).not.toContain('set-password');
    expect(await t.app.services.db.$count(passwordLinks)).toBe(0);
  });
});
