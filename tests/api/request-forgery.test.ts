/**
 * Cross-site request forgery, both ways an attacker can try it: making a signed-in member's browser
 * change something (the XSRF check, whatever spelling of the path reaches the handler), and signing a
 * victim's browser into the attacker's account with a code and state from another browser (login
 * CSRF, RFC 9700 §2.1 and §4.7).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn, signInAtProvider } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const SESSION = 'staffroom-session';

describe.each(DATABASES)('request forgery on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const browser = () => new Browser({ [PORTAL]: t.app });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('refuses a logout without the XSRF header whatever spelling of its path is sent', async () => {
    const b = browser();
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    const cookie = `${SESSION}=${b.cookie(PORTAL, SESSION)}; XSRF-TOKEN=${b.cookie(PORTAL, 'XSRF-TOKEN')}`;
    const spellings = [
      '/%61pi/staff/self-service/logout',
      '/%61%70%69/staff/self-service/logout',
      '/api/staff/self-service/%6cogout',
      '/API/staff/self-service/logout',
      '/Api/Staff/Self-Service/Logout',
      '//api/staff/self-service/logout',
      '/api//staff/self-service/logout',
      '/x/../api/staff/self-service/logout',
      '/api/./staff/self-service/logout',
      '/api/staff/self-service/logout/',
      '/api/staff/self-service/logout;x',
    ];
    for (const url of spellings) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        headers: { cookie, 'content-type': 'application/json' },
        payload: '{}',
      });
      expect(res.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, url).toBeLessThan(500);
      expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status, url).toBe(200);
    }
    // The same call with the header still works, so the refusals above were the check's.
    const allowed = await t.app.inject({
      method: 'POST',
      url: '/%61pi/staff/self-service/logout',
      headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': b.cookie(PORTAL, 'XSRF-TOKEN')! },
      payload: '{}',
    });
    expect(allowed.statusCode).toBe(200);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
  });

  it("refuses another browser's code and state (login CSRF), leaving the victim's own session alone", async () => {
    const attacker = browser();
    const stolen = await signInAtProvider(attacker, PORTAL, { email: 'jamie.patel@example.com' });

    // A victim signed in as themselves opens the attacker's /login?code=…&state=… link.
    const victim = browser();
    await signIn(victim, PORTAL, 'sam.taylor@example.com');
    const victimSession = victim.cookie(PORTAL, SESSION);
    const refused = await victim.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
      code: stolen.code,
      state: stolen.state,
    });
    expect(refused.status).toBe(400);
    expect(refused.json().errors.message).toMatch(/press Login and try again/);
    expect(victim.cookie(PORTAL, SESSION)).toBe(victimSession);
    expect((await victim.get(`${PORTAL}/api/staff/self-service/me`)).json().data.email_address).toBe(
      'sam.taylor@example.com',
    );

    // A signed-out victim is not signed in as anyone.
    const signedOut = browser();
    await signedOut.get(`${PORTAL}/api/health`);
    expect(
      (
        await signedOut.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
          code: stolen.code,
          state: stolen.state,
        })
      ).status,
    ).toBe(400);
    expect(signedOut.cookie(PORTAL, SESSION)).toBeUndefined();
    expect((await signedOut.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);

    // Another browser that also started a sign-in of its own holds a different binding.
    const other = browser();
    await signInAtProvider(other, PORTAL, { email: 'sam.taylor@example.com' });
    expect(other.cookie(PORTAL, 'staffroom-sign-in')).not.toBe(attacker.cookie(PORTAL, 'staffroom-sign-in'));
    expect(
      (
        await other.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
          code: stolen.code,
          state: stolen.state,
        })
      ).status,
    ).toBe(400);

    // The browser that started the attempt completes it.
    const own = await attacker.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
      code: stolen.code,
      state: stolen.state,
    });
    expect(own.status).toBe(200);
    expect(own.json().user.email_address).toBe('jamie.patel@example.com');
  });

  it('sets the sign-in cookie HttpOnly and SameSite=Lax for the life of an attempt, one value for two tabs', async () => {
    const b = browser();
    const first = await b.get(
      `${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${PORTAL}/login`)}`,
    );
    const line = first.setCookies.find((c) => c.startsWith('staffroom-sign-in='))!;
    expect(line).toMatch(/HttpOnly/i);
    expect(line).toMatch(/SameSite=Lax/i);
    expect(line).toMatch(/Max-Age=600/i);
    const value = b.cookie(PORTAL, 'staffroom-sign-in');
    // A second tab pressing Login keeps the same binding: both tabs' attempts complete, in either order.
    const firstTab = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const secondTab = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    expect(b.cookie(PORTAL, 'staffroom-sign-in')).toBe(value);
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, secondTab)).status).toBe(200);
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, firstTab)).status).toBe(200);
  });
});
