/**
 * Mail that is never lost (lib/delivery-queue.ts), against a real SMTP server process that refuses and
 * then accepts: a refused invitation stays queued and the worker sends it once the server is back,
 * after the back-off; a restart loses nothing; a resend after a crash carries the same Message-ID;
 * a message rolled back with its change is never sent; a two-factor code is tried once and never
 * sent late; a refusal for good is given up at once and audited.
 */
import { and, eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { auditEvents, deliveries, staff } from '@server/db/schema.js';
import { LEASE_MS, MAX_ATTEMPTS } from '@server/lib/delivery-queue.js';
import { signedInBrowser } from './helpers/browser.js';
import { linkOf, newEmail } from './helpers/joiners.js';
import { bodyOf, headerOf, startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type DatabaseKind } from './helpers/test-app.js';

type App = Awaited<ReturnType<typeof createTestApp>>;

const SECOND = 1000;
const later = (ms: number) => new Date(Date.now() + ms);

/** Invites a joiner through the admin CLI; answers the printed lines and the link. */
async function invite(t: App, email: string) {
  const result = await runCommand({
    services: t.app.services,
    name: 'invite',
    options: {
      forename: 'Mo',
      surname: 'Khan',
      email,
      venue: 'Salt & Ember, Chester',
      position: 'Chef',
      startDate: '2026-12-01',
    },
  });
  expect(result.exitCode, result.lines.join('\n')).toBe(0);
  return { lines: result.lines, link: linkOf(result.lines, 'onboard').link };
}

/** The queued deliveries concerning the member with `email`. */
async function deliveriesFor(t: App, email: string) {
  const [member] = await t.app.services.db.select({ id: staff.id }).from(staff).where(eq(staff.emailAddress, email));
  return t.app.services.db.select().from(deliveries).where(eq(deliveries.staffId, member!.id));
}

describe.each(DATABASES)('the delivery queue (%s)', (kind: DatabaseKind) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });
  async function setUp(): Promise<{ smtp: SmtpServer; t: App }> {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.stop);
    const t = await createTestApp(kind, { env: { SMTP_URL: smtp.url, MAIL_FROM: 'HR <hr@example.com>' } });
    cleanups.push(t.dropAll);
    return { smtp, t };
  }

  it('keeps a refused invitation and sends it once the server accepts, after the back-off, with one Message-ID', async () => {
    const { smtp, t } = await setUp();
    await smtp.refuseNext(2);
    const email = newEmail();
    const { lines, link } = await invite(t, email);
    expect(lines.at(-2)).toMatch(/could not be sent yet \(.*451.*\)\. Staffroom keeps trying/);

    const [queued] = await deliveriesFor(t, email);
    expect(queued).toMatchObject({ channel: 'mail', purpose: 'invitation', attempts: 1, sentAt: null, gaveUpAt: null });
    // Sealed at rest: the link's token is not readable in the table.
    expect(queued!.body).not.toContain(linkOf(lines, 'onboard').token);
    expect(queued!.lastError).toMatch(/451/);

    // Not due yet: the first retry waits 30 s.
    expect(await t.app.services.deliveries.deliverDue()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    // Due, and refused again: the next wait doubles.
    expect(await t.app.services.deliveries.deliverDue({ now: later(31 * SECOND) })).toEqual({
      sent: 0,
      retrying: 1,
      gaveUp: 0,
    });
    expect(await t.app.services.deliveries.deliverDue({ now: later(60 * SECOND) })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });
    // The server is back: the invitation arrives, with its link.
    expect(await t.app.services.deliveries.deliverDue({ now: later(93 * SECOND) })).toEqual({
      sent: 1,
      retrying: 0,
      gaveUp: 0,
    });
    const message = await smtp.arrivedFor(email);
    expect(bodyOf(message.raw)).toContain(link);
    expect(message.messageId).toBe(`<${queued!.id}@localhost>`);

    const [sent] = await deliveriesFor(t, email);
    expect(sent).toMatchObject({ attempts: 3, body: null, lastError: null });
    expect(sent!.sentAt).toBeInstanceOf(Date);
    // Sent is sent: later rounds leave it alone.
    expect(await t.app.services.deliveries.deliverDue({ now: later(3_600 * SECOND) })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });
    await smtp.settled();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends again with the same Message-ID when a worker died after the server took the message', async () => {
    const { smtp, t } = await setUp();
    const email = newEmail();
    await smtp.refuseNext(1);
    await invite(t, email);
    const [queued] = await deliveriesFor(t, email);
    await t.app.services.deliveries.deliverDue({ now: later(31 * SECOND) });
    const first = await smtp.arrivedFor(email);

    // The crash: the server accepted, but the process died before recording it, so the row is as the
    // claim left it (leased, body kept).
    await t.app.services.db
      .update(deliveries)
      .set({ sentAt: null, body: queued!.body, leaseUntil: later(LEASE_MS) })
      .where(eq(deliveries.id, queued!.id));
    // Another worker waits for the lease to run out, then sends it again.
    expect((await t.app.services.deliveries.deliverDue({ now: later(31 * SECOND) })).sent).toBe(0);
    expect((await t.app.services.deliveries.deliverDue({ now: later(LEASE_MS + SECOND) })).sent).toBe(1);
    await smtp.settled();
    const copies = smtp.received.filter((m) => m.to.includes(email));
    expect(copies).toHaveLength(2);
    expect(copies[1]!.messageId).toBe(first.messageId);
  });

  it('leaves a message just queued to its first try, so a worker round cannot send it meanwhile', async () => {
    const { smtp, t } = await setUp();
    const email = newEmail();
    const { deliveries: queue, db } = t.app.services;
    const id = await db.transaction((tx) =>
      queue.enqueue(tx, { purpose: 'test', mail: { to: email, subject: 'Rota', text: 'Your rota is out.' } }),
    );
    expect(await queue.deliverDue()).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    expect(await queue.deliver(id)).toEqual({ sent: true });
    await smtp.settled();
    expect(smtp.received.filter((m) => m.to.includes(email))).toHaveLength(1);
  });

  it('sends nothing for a change that was rolled back', async () => {
    const { smtp, t } = await setUp();
    const email = newEmail();
    const { deliveries: queue, db } = t.app.services;
    await expect(
      db.transaction(async (tx) => {
        await queue.enqueue(tx, {
          purpose: 'test',
          mail: { to: email, subject: 'Never', text: 'This change failed.' },
        });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(await queue.deliverDue({ now: later(3_600 * SECOND) })).toEqual({ sent: 0, retrying: 0, gaveUp: 0 });
    await smtp.settled();
    expect(smtp.received.filter((m) => m.to.includes(email))).toEqual([]);
  });

  it('tries a two-factor code once and never sends it late', async () => {
    const { smtp, t } = await setUp();
    const b = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const methods = (await b.get(`${PORTAL}/api/bouncer/tfa/my-methods?page=1&include=type`)).json().data as {
      id: string;
      type: { id: number };
    }[];
    const byEmail = methods.find((m) => m.type.id === 1)!;
    await smtp.refuseNext(1);
    const res = await b.post(`${PORTAL}/api/bouncer/tfa-logged-in/initiate/${byEmail.id}`);
    expect(res.status).toBe(502);
    expect(res.json().errors.message).toBe(
      'We could not send the code just now. Please try again, or choose another way.',
    );

    expect(await t.app.services.deliveries.deliverDue({ now: later(3_600 * SECOND) })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });
    await smtp.settled();
    expect(smtp.received.filter((m) => headerOf(m.raw, 'Subject') === 'Your Staffroom sign-in code')).toEqual([]);
    const [code] = (await deliveriesFor(t, 'jamie.patel@example.com')).filter((d) => d.purpose === 'two-factor-code');
    expect(code).toMatchObject({ attempts: 1, body: null, sentAt: null });
    expect(code!.gaveUpAt).toBeInstanceOf(Date);
  });

  it('gives up at once on a refusal for good, and after the last try, and tells HR through the audit log', async () => {
    const { smtp, t } = await setUp();
    const refusedForGood = newEmail();
    await smtp.refuseNext(1, 550);
    const { lines } = await invite(t, refusedForGood);
    expect(lines.at(-2)).toMatch(/^The email could not be sent \(.*550.*\)\. Give them this link yourself:$/);
    expect(await t.app.services.deliveries.deliverDue({ now: later(3_600 * SECOND) })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 0,
    });

    const outOfTries = newEmail();
    await smtp.refuseNext(2);
    await invite(t, outOfTries);
    const [queued] = await deliveriesFor(t, outOfTries);
    await t.app.services.db
      .update(deliveries)
      .set({ attempts: MAX_ATTEMPTS - 1 })
      .where(eq(deliveries.id, queued!.id));
    expect(await t.app.services.deliveries.deliverDue({ now: later(31 * SECOND) })).toEqual({
      sent: 0,
      retrying: 0,
      gaveUp: 1,
    });

    for (const email of [refusedForGood, outOfTries]) {
      const [member] = await t.app.services.db
        .select({ id: staff.id })
        .from(staff)
        .where(eq(staff.emailAddress, email));
      const failed = await t.app.services.db
        .select({ details: auditEvents.details })
        .from(auditEvents)
        .where(and(eq(auditEvents.staffId, member!.id), eq(auditEvents.action, 'delivery.failed')));
      expect(failed).toEqual([
        {
          details: expect.objectContaining({
            channel: 'mail',
            purpose: 'invitation',
            reason: expect.stringMatching(email === refusedForGood ? /550/ : /451/),
          }),
        },
      ]);
      const [row] = await deliveriesFor(t, email);
      expect(row).toMatchObject({ body: null, sentAt: null });
    }
    await smtp.settled();
    expect(smtp.received.filter((m) => m.to.includes(refusedForGood) || m.to.includes(outOfTries))).toEqual([]);
  });

  it('loses nothing across a restart', async () => {
    const smtp = await startSmtpServer();
    cleanups.push(smtp.stop);
    const env = { SMTP_URL: smtp.url, MAIL_FROM: 'HR <hr@example.com>' };
    const first = await createTestApp(kind, { env });
    let second: App | undefined;
    cleanups.push(async () => {
      await second?.close();
      await first.dropAll();
    });
    const email = newEmail();
    await smtp.refuseNext(1);
    const { link } = await invite(first, email);
    await first.close();

    second = await createTestApp(kind, { env, dataDir: first.dataDir, databaseUrl: first.databaseUrl, seed: false });
    expect((await second.app.services.deliveries.deliverDue({ now: later(31 * SECOND) })).sent).toBe(1);
    expect(bodyOf((await smtp.arrivedFor(email)).raw)).toContain(link);
  });
});
