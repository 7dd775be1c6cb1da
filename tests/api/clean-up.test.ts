/**
 * The clean-up job: uploads nobody's record names are removed a day later (a joiner's uploads not yet
 * in saved answers are kept until the onboarding link expires; saved answers keep theirs), so is the
 * evidence of an interrupted signing, ended sessions, expired two-factor challenges and expired set-your-password links; what a member still uses is never touched;
 * deliveries go a month after they were sent or given up (RETENTION_DELIVERIES_DAYS); the console's
 * leaving flag is cleared once access has ended; and with many instances one runs it at a time.
 */
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  deliveries,
  files,
  onboardings,
  passwordLinks,
  sessions,
  staff,
  tfaChallenges,
  tfaMethods,
} from '@server/db/schema.js';
import { storeFile } from '@server/modules/files/index.js';
import { runCleanUp } from '@server/modules/housekeeping/index.js';
import { hashToken } from '@server/lib/tokens.js';
import { addToUkDate, todayInUk } from '@server/lib/uk-days.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { admin, goodAnswers, linkOf, newEmail } from './helpers/joiners.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const api = (path: string) => `${PORTAL}/api${path}`;
const DAY_MS = 24 * 60 * 60_000;
const TWO_DAYS_AGO = () => new Date(Date.now() - 2 * DAY_MS);

describe.each(DATABASES)('clean-up job on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const services = () => t.app.services;
  const exists = async (id: string) =>
    (await t.app.database.db.select({ id: files.id }).from(files).where(eq(files.id, id))).length === 1;
  const age = (ids: string[]) =>
    t.app.database.db.update(files).set({ createdAt: TWO_DAYS_AGO() }).where(inArray(files.id, ids));

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('removes day-old uploads nobody names and interrupted-signing evidence, and keeps what is in use', async () => {
    const sam = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
    const upload = async (name: string) =>
      (
        await sam.post(api('/staff/self-service/file'), {
          file_data: dataUrl('application/pdf', await simplePdf(name)),
          filename: `${name}.pdf`,
          bucket: 'documents',
        })
      ).json().data as { id: string };
    const abandoned = await upload('abandoned');
    const insurance = await upload('insurance');
    const vehicle = await sam.post(api('/staff/my-vehicles'), {
      registration: 'LS21 BAR',
      insurance_document: insurance.id,
    });
    expect(vehicle.status, vehicle.body).toBe(200);
    const fresh = await upload('fresh');
    // A signing killed after storing its signature, before recording it.
    const orphanSignature = await storeFile({
      services: services(),
      ownerStaffId: null,
      bucket: 'signatures',
      filename: 'signature.png',
      contentType: 'image/png',
      bytes: new Uint8Array([1, 2, 3]),
    });

    // A joiner part-way through: their right-to-work upload is named by the saved answers.
    const b = new Browser({ [PORTAL]: t.app });
    const invite = async () => {
      const { token } = linkOf(
        await admin(t.app, 'invite', {
          forename: 'Ava',
          surname: 'Clarke',
          email: newEmail(),
          venue: 'The Lantern, York',
          position: 'Bartender',
          startDate: '2026-12-01',
          fieldset: 'UK hospitality joiner',
        }),
        'onboard',
      );
      await b.get(api(`/staff/self-service-onboard/${token}`));
      return token;
    };
    const joinerUpload = async (token: string, name: string) =>
      (
        await b.post(api(`/staff/self-service/${token}/file`), {
          file_data: dataUrl('application/pdf', await simplePdf(name)),
          filename: `${name}.pdf`,
        })
      ).json().data;
    const joiner = await invite();
    const passport = await joinerUpload(joiner, 'passport');
    const saved = await b.post(api(`/staff/self-service-onboard/${joiner}`), { fields: goodAnswers(passport) });
    expect(saved.status, saved.body).toBe(200);
    // Another joiner uploaded for a form not saved yet: they come back to it another day.
    const later = await invite();
    const pending = await joinerUpload(later, 'pending');

    await age([abandoned.id, insurance.id, orphanSignature.id, passport.id, pending.id]);
    const storageKey = (await t.app.database.db.select().from(files).where(eq(files.id, abandoned.id)))[0]!.storageKey;
    const result = await runCleanUp({ services: services() });
    expect(result).toMatchObject({ ran: true, files: 2 });
    expect(await exists(abandoned.id)).toBe(false);
    await expect(services().storage.get(storageKey)).rejects.toThrow();
    expect(await exists(orphanSignature.id)).toBe(false);
    for (const kept of [insurance.id, fresh.id, passport.id, pending.id]) expect(await exists(kept), kept).toBe(true);
    // The member's document still downloads.
    expect((await sam.get(api(`/rest/file/download/${insurance.id}`))).status).toBe(200);

    // Once the joiner's link has expired, an upload no saved answer names goes; the saved answers keep
    // theirs, for HR may send a new link to finish.
    await t.app.database.db
      .update(onboardings)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(inArray(onboardings.tokenHash, [hashToken(joiner), hashToken(later)]));
    expect(await runCleanUp({ services: services() })).toMatchObject({ ran: true, files: 1 });
    expect(await exists(pending.id)).toBe(false);
    expect(await exists(passport.id)).toBe(true);
  });

  it('removes sessions that ended over a day ago, and leaves live ones working', async () => {
    const live = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const ended = await signedInBrowser(t.app, PORTAL, 'morgan.hughes@example.com');
    const endedHash = hashToken(ended.cookie(PORTAL, 'staffroom-session')!);
    await t.app.database.db
      .update(sessions)
      .set({ revokedAt: TWO_DAYS_AGO() })
      .where(eq(sessions.tokenHash, endedHash));
    const result = await runCleanUp({ services: services() });
    expect(result.ran && result.sessions).toBeGreaterThanOrEqual(1);
    expect(await t.app.database.db.select().from(sessions).where(eq(sessions.tokenHash, endedHash))).toEqual([]);
    expect((await live.get(api('/staff/self-service/me'))).status).toBe(200);
  });

  it('removes set-your-password links past their expiry, and keeps live ones', async () => {
    const people = await t.app.database.db
      .select({ id: staff.id, email: staff.emailAddress })
      .from(staff)
      .where(inArray(staff.emailAddress, ['sam.taylor@example.com', 'jamie.patel@example.com']));
    const id = (email: string) => people.find((p) => p.email === email)!.id;
    await t.app.database.db.insert(passwordLinks).values([
      { staffId: id('sam.taylor@example.com'), tokenHash: hashToken('expired-link'), expiresAt: TWO_DAYS_AGO() },
      {
        staffId: id('jamie.patel@example.com'),
        tokenHash: hashToken('live-link'),
        expiresAt: new Date(Date.now() + 24 * 60 * 60_000),
      },
    ]);
    const result = await runCleanUp({ services: services() });
    expect(result.ran && result.passwordLinks).toBe(1);
    const left = await t.app.database.db.select({ staffId: passwordLinks.staffId }).from(passwordLinks);
    expect(left).toEqual([{ staffId: id('jamie.patel@example.com') }]);
  });

  it('removes two-factor challenges that expired over a day ago, and keeps one still open', async () => {
    const [sam] = await t.app.database.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    const [method] = await t.app.database.db
      .insert(tfaMethods)
      .values({ staffId: sam!.id, type: 3, secretSealed: null })
      .returning();
    const challenge = (expiresAt: Date) => ({
      staffId: sam!.id,
      methodId: method!.id,
      sessionTokenHash: hashToken(`session-${expiresAt.getTime()}`),
      expiresAt,
    });
    const [old, open] = await t.app.database.db
      .insert(tfaChallenges)
      .values([challenge(TWO_DAYS_AGO()), challenge(new Date(Date.now() + 10 * 60_000))])
      .returning({ id: tfaChallenges.id });
    const result = await runCleanUp({ services: services() });
    expect(result.ran && result.challenges).toBeGreaterThanOrEqual(1);
    const left = await t.app.database.db
      .select({ id: tfaChallenges.id })
      .from(tfaChallenges)
      .where(inArray(tfaChallenges.id, [old!.id, open!.id]));
    expect(left).toEqual([{ id: open!.id }]);
  });

  it('removes deliveries sent or given up over 30 days ago, and keeps later ones and those still queued', async () => {
    const [sam] = await t.app.database.db
      .select({ id: staff.id })
      .from(staff)
      .where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);
    const delivery = (purpose: string, times: Partial<typeof deliveries.$inferInsert>) => ({
      channel: 'mail' as const,
      purpose,
      staffId: sam!.id,
      maxAttempts: 5,
      ...times,
    });
    const rows = await t.app.database.db
      .insert(deliveries)
      .values([
        delivery('sent-31-days-ago', { sentAt: daysAgo(31) }),
        delivery('gave-up-31-days-ago', { gaveUpAt: daysAgo(31) }),
        delivery('sent-29-days-ago', { sentAt: daysAgo(29) }),
        delivery('gave-up-29-days-ago', { gaveUpAt: daysAgo(29) }),
        delivery('queued-since-40-days', { createdAt: daysAgo(40), nextAttemptAt: daysAgo(-1) }),
      ])
      .returning({ id: deliveries.id });
    const result = await runCleanUp({ services: services() });
    expect(result.ran && result.deliveries).toBeGreaterThanOrEqual(2);
    const left = await t.app.database.db
      .select({ purpose: deliveries.purpose })
      .from(deliveries)
      .where(
        inArray(
          deliveries.id,
          rows.map((r) => r.id),
        ),
      );
    expect(left.map((r) => r.purpose).sort()).toEqual([
      'gave-up-29-days-ago',
      'queued-since-40-days',
      'sent-29-days-ago',
    ]);
  });

  it('clears the console’s leaving flag of those whose access has ended, and only theirs', async () => {
    const member = async (prefix: string) => {
      const email = newEmail(prefix);
      await admin(t.app, 'create-staff', { forename: 'Lee', surname: prefix, email, venue: 'The Lantern, Leeds' });
      return email;
    };
    const [tonight, nextWeek, now, staying] = [
      await member('tonight'),
      await member('next-week'),
      await member('now'),
      await member('staying'),
    ];
    await admin(t.app, 'staff leave', { staff: tonight, date: todayInUk(), reason: 'resigned' });
    await admin(t.app, 'staff leave', { staff: nextWeek, date: addToUkDate(todayInUk(), 7, 'day'), reason: 'other' });
    await admin(t.app, 'staff leave', { staff: now, reason: 'dismissed', now: true });
    const flags = async () =>
      Object.fromEntries(
        (
          await t.app.database.db
            .select({ email: staff.emailAddress, flag: staff.isLeaving })
            .from(staff)
            .where(inArray(staff.emailAddress, [tonight, nextWeek, now, staying]))
        ).map((row) => [row.email, row.flag]),
      );
    expect(await flags()).toEqual({ [tonight]: true, [nextWeek]: true, [now]: true, [staying]: false });

    // "Leave now" ended access already; the others' access has not ended.
    expect(await runCleanUp({ services: services() })).toMatchObject({ ran: true, leavingFlags: 1 });
    expect(await flags()).toEqual({ [tonight]: true, [nextWeek]: true, [now]: false, [staying]: false });
    // The round two days on: tonight's access has ended, next week's has not.
    const later = await runCleanUp({ services: services(), now: new Date(Date.now() + 2 * DAY_MS) });
    expect(later).toMatchObject({ ran: true, leavingFlags: 1 });
    expect(await flags()).toEqual({ [tonight]: false, [nextWeek]: true, [now]: false, [staying]: false });
  });

  it.skipIf(kind !== 'postgres')('lets one instance run it at a time, through the database', async () => {
    const other = new pg.Client({ connectionString: t.databaseUrl });
    await other.connect();
    try {
      // Another instance mid-round holds the lock.
      await other.query('begin');
      await other.query('select pg_advisory_xact_lock(7431001)');
      expect(await runCleanUp({ services: services() })).toEqual({ ran: false });
      await other.query('commit');
      expect((await runCleanUp({ services: services() })).ran).toBe(true);
    } finally {
      await other.end();
    }
  });
});
