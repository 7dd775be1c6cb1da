/**
 * Password guessing spread over many addresses: ten wrong passwords for one account lock it for 15
 * minutes wherever they came from, the owner is told by email, and an address nobody has is answered
 * exactly alike, so the answers never tell which accounts exist.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readOutbox } from '@server/lib/mailer.js';
import { Browser, openSignInForm, signInAtProvider } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';

/** Posts the provider's password form from `address`, as a browser there would. */
async function tryPassword(app: FastifyInstance, address: string, email: string, password: string) {
  const b = new Browser({ [PORTAL]: app });
  const action = new URL(await openSignInForm(b, PORTAL));
  const res = await app.inject({
    method: 'POST',
    url: action.pathname,
    remoteAddress: address,
    headers: {
      host: 'localhost:3000',
      cookie: [...b.jar(PORTAL)].map(([k, v]) => `${k}=${v}`).join('; '),
      'content-type': 'application/x-www-form-urlencoded',
    },
    payload: new URLSearchParams({ email, password }).toString(),
  });
  return { status: res.statusCode, body: res.body };
}

describe.each(DATABASES)('account lock-out on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('locks an account after ten wrong passwords from ten addresses, and emails its owner once', async () => {
    const statuses: number[] = [];
    for (let i = 1; i <= 10; i++)
      statuses.push((await tryPassword(t.app, `203.0.113.${i}`, 'Sam.Taylor@example.com', `wrong-${i}`)).status);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429]);

    // The right password, from a new address, is not even tried while the lock holds.
    const right = await tryPassword(t.app, '198.51.100.7', 'sam.taylor@example.com', 'Staffroom2026');
    expect(right.status).toBe(429);
    expect(right.body).toContain('please wait 15 minutes');

    const notices = (await readOutbox(t.dataDir)).filter(
      (m) => m.to === 'sam.taylor@example.com' && /paused/.test(m.subject),
    );
    expect(notices).toHaveLength(1);
    expect(notices[0]!.text).toContain('10 times');

    // Another member signs in as usual.
    const other = new Browser({ [PORTAL]: t.app });
    await expect(signInAtProvider(other, PORTAL, { email: 'jamie.patel@example.com' })).resolves.toMatchObject({
      code: expect.any(String),
    });
  });

  it('answers an address nobody has exactly as a real one, and sends it nothing', async () => {
    const unknown = [];
    for (let i = 1; i <= 11; i++)
      unknown.push(await tryPassword(t.app, `192.0.2.${i}`, 'nobody.here@example.com', `guess-${i}`));
    expect(unknown.map((r) => r.status)).toEqual([401, 401, 401, 401, 401, 401, 401, 401, 401, 429, 429]);
    const locked = unknown.at(-1)!.body;
    const real = await tryPassword(t.app, '192.0.2.200', 'sam.taylor@example.com', 'whatever');
    expect(real.status).toBe(429);
    const message = (html: string) => /role="alert"[^>]*>([^<]*)</.exec(html)?.[1];
    expect(message(locked)).toBeTruthy();
    expect(message(locked)).toBe(message(real.body));
    expect((await readOutbox(t.dataDir)).some((m) => m.to === 'nobody.here@example.com')).toBe(false);
  });
});

describe.each(DATABASES)('account lock-out under a burst on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  // An app of its own: the portal's /auth allows 30 a minute from the one address the forms open from.
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('counts parallel guesses before checking any, so a burst from many addresses gets no more than ten', async () => {
    const burst = await Promise.all(
      Array.from({ length: 15 }, (_, i) =>
        tryPassword(t.app, `198.51.100.${i + 1}`, 'morgan.hughes@example.com', `burst-${i}`),
      ),
    );
    const statuses = burst.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 401)).toHaveLength(9);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
  });

  it('answers an email address far too long for any limit key with the form again, never a 500', async () => {
    const res = await tryPassword(
      t.app,
      '198.51.100.200',
      `${randomBytes(3500).toString('hex')}@example.com`,
      'whatever',
    );
    expect(res.status).toBe(401);
    expect(res.body).toContain('Enter your email address and password.');
  });
});
