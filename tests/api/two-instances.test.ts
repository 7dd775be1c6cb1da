/**
 * The production shape: two app instances on one PostgreSQL database behind a load balancer that
 * sends each request to the next instance in turn. A session made on one works on the other, a
 * sign-in split across them completes, every budget is exactly one instance's budget, and their
 * delivery workers, running at once, send each queued mail once (to a real SMTP server process).
 */
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEASE_MS } from '@server/lib/delivery-queue.js';
import { Browser, openSignInForm, signIn } from './helpers/browser.js';
import { newEmail } from './helpers/joiners.js';
import { startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { createTestApp } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const LIMITS = { TOKEN_LOOKUPS_PER_MINUTE: '4', SIGN_IN_ATTEMPTS_PER_MINUTE: '3' };

/** A round-robin load balancer in front of `apps`, shaped like the one app a Browser talks to. */
function roundRobin(apps: FastifyInstance[]): FastifyInstance & { served: number[] } {
  let next = 0;
  const served = apps.map(() => 0);
  const inject = (opts: InjectOptions) => {
    const i = next++ % apps.length;
    served[i]! += 1;
    return apps[i]!.inject(opts);
  };
  return { inject, served } as unknown as FastifyInstance & { served: number[] };
}

describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances on one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof createTestApp>>;
  let b: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpServer;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    const env = { ...LIMITS, SMTP_URL: smtp.url };
    a = await createTestApp('postgres', { env });
    // The same database and the same secrets (as every instance of one deployment shares them).
    b = await createTestApp('postgres', { env, databaseUrl: a.databaseUrl, dataDir: a.dataDir, seed: false });
  });
  afterAll(async () => {
    await b?.close();
    await a?.dropAll();
    await smtp?.stop();
  });

  it('signs in with every request of the sign-in on alternate instances, and the session works on both', async () => {
    const balancer = roundRobin([a.app, b.app]);
    const browser = new Browser({ [PORTAL]: balancer });
    const { user } = await signIn(browser, PORTAL, 'sam.taylor@example.com');
    expect(user.email_address).toBe('sam.taylor@example.com');
    expect(balancer.served[0]).toBeGreaterThan(2);
    expect(balancer.served[1]).toBeGreaterThan(2);
    for (let i = 0; i < 4; i++) expect((await browser.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);
    // Signed out on one instance is signed out on both.
    expect((await browser.post(`${PORTAL}/api/staff/self-service/logout`)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await browser.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
  });

  it('allows link-token lookups from one address exactly one budget between them', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const app = i % 2 ? b.app : a.app;
      statuses.push(
        (
          await app.inject({
            method: 'GET',
            url: '/api/staff/self-service-onboard/not-a-real-token',
            remoteAddress: '203.0.113.40',
          })
        ).statusCode,
      );
    }
    expect(statuses).toEqual([404, 404, 404, 404, 429, 429]);
  });

  it('allows password attempts for one email from one address exactly one budget between them', async () => {
    const balancer = roundRobin([a.app, b.app]);
    const browser = new Browser({ [PORTAL]: balancer });
    const action = await openSignInForm(browser, PORTAL);
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        (await browser.request('POST', action, { form: { email: 'jamie.patel@example.com', password: `wrong-${i}` } }))
          .status,
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it('sends each queued mail once when both delivery workers run at the same time', async () => {
    const emails = Array.from({ length: 45 }, () => newEmail('queued'));
    for (const email of emails) {
      await a.app.services.deliveries.enqueue(a.app.services.db, {
        purpose: 'test',
        mail: { to: email, subject: 'Rota', text: 'Your rota is out.' },
      });
    }
    // Queued without their first try (as after a crash): due to the rounds once that lease has run out.
    const due = { now: new Date(Date.now() + LEASE_MS + 1000) };
    const [byA, byB] = await Promise.all([
      a.app.services.deliveries.deliverDue(due),
      b.app.services.deliveries.deliverDue(due),
    ]);
    expect(byA.sent + byB.sent).toBe(emails.length);
    await smtp.settled();
    const arrived = smtp.received.filter((m) => emails.includes(m.to[0]!));
    expect(arrived).toHaveLength(emails.length);
    expect(new Set(arrived.map((m) => m.messageId)).size).toBe(emails.length);
  });
});
