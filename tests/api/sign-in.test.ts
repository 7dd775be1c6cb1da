/**
 * The first journey through the real app: sign in through the embedded OpenID provider, load the
 * staff member, log out; and every way an attacker or a confused browser can get it wrong.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authRequests, sessions, staff } from '@server/db/schema.js';
import { hashToken } from '@server/lib/tokens.js';
import { Browser, openSignInForm, pressLogin, signIn, signInAtProvider } from './helpers/browser.js';
import { ageProviderSessions } from './helpers/provider-sessions.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const SESSION = 'staffroom-session';

describe.each(DATABASES)('sign-in on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const browser = () => new Browser({ [PORTAL]: t.app });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  /** Presses Login: true when the provider shows its password form, false when it answers a code at once. */
  const loginAsksForPassword = async (b: Browser) =>
    (await pressLogin(b, PORTAL)).res?.body.includes('name="password"') ?? false;
  afterAll(async () => {
    await t.dropAll();
  });

  it('signs a demo member in through the provider and answers them on /me', async () => {
    const b = browser();
    const { user } = await signIn(b, PORTAL, 'Sam.Taylor@example.com');
    expect(user).toMatchObject({ forename: 'Sam', surname: 'Taylor', email_address: 'sam.taylor@example.com' });
    const me = await b.get(`${PORTAL}/api/staff/self-service/me`);
    expect(me.status).toBe(200);
    expect(me.json().data).toMatchObject({
      forename: 'Sam',
      surname: 'Taylor',
      email_address: 'sam.taylor@example.com',
      show_audit: true,
      qol_link: 'https://forms.example.com/quality-of-life',
      initial_training_complete: true,
      onboard_complete: true,
      selfie: null,
    });
    expect(me.json().data.age).toBeGreaterThanOrEqual(32);
  });

  it('counts age in whole years: 29 the day before the 30th birthday, 30 on the day', async () => {
    const b = browser();
    await signIn(b, PORTAL, 'morgan.hughes@example.com');
    const ageWithBirthday = async (dateOfBirth: string) => {
      await t.app.database.db
        .update(staff)
        .set({ dateOfBirth })
        .where(eq(staff.emailAddress, 'morgan.hughes@example.com'));
      return (await b.get(`${PORTAL}/api/staff/self-service/me`)).json().data.age;
    };
    expect(await ageWithBirthday(dayjs().subtract(30, 'year').add(1, 'day').format('YYYY-MM-DD'))).toBe(29);
    expect(await ageWithBirthday(dayjs().subtract(30, 'year').format('YYYY-MM-DD'))).toBe(30);
  });

  it('sets an HttpOnly SameSite=Lax session cookie and a script-readable XSRF cookie bound to it', async () => {
    const b = browser();
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const before = b.cookie(PORTAL, 'XSRF-TOKEN');
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(200);
    const sessionCookie = res.setCookies.find((c) => c.startsWith(`${SESSION}=`))!;
    expect(sessionCookie).toMatch(/HttpOnly/i);
    expect(sessionCookie).toMatch(/SameSite=Lax/i);
    expect(sessionCookie).not.toMatch(/Secure/i); // plain http on localhost
    const xsrf = res.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))!;
    expect(xsrf).not.toMatch(/HttpOnly/i);
    expect(b.cookie(PORTAL, 'XSRF-TOKEN')).not.toBe(before);
    // Only the hash of the session token is stored.
    const token = b.cookie(PORTAL, SESSION)!;
    const rows = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(rows).toHaveLength(1);
    const raw = await t.app.database.db.select().from(sessions).where(eq(sessions.tokenHash, token));
    expect(raw).toHaveLength(0);
  });

  it('refuses a wrong password on the provider page with a clear message and no code', async () => {
    const b = browser();
    const action = await openSignInForm(b, PORTAL);
    const res = await b.request('POST', action, {
      form: { email: 'sam.taylor@example.com', password: 'wrong-password-1' },
    });
    expect(res.status).toBe(401);
    expect(res.location).toBeUndefined();
    expect(res.body).toContain('That email address and password do not match');
    expect(res.body).toContain('value="sam.taylor@example.com"');
    const unknown = await b.request('POST', action, {
      form: { email: 'nobody@example.com', password: 'whatever-123' },
    });
    expect(unknown.status).toBe(401);
    expect(unknown.body).toContain('That email address and password do not match');
  });

  it('escapes what was typed when the page is shown again', async () => {
    const b = browser();
    const action = await openSignInForm(b, PORTAL);
    const res = await b.request('POST', action, {
      form: { email: '"><script>alert(1)</script>', password: 'x1234567' },
    });
    expect(res.body).not.toContain('<script>alert(1)</script>');
    expect(res.body).toContain('&lt;script&gt;');
  });

  it('rejects a replayed state', async () => {
    const b = browser();
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const first = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(first.status).toBe(200);
    const replay = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(replay.status).toBe(400);
    expect(replay.json().errors.message).toMatch(/expired or was already used/);
  });

  it('rejects an unknown state and opens no session', async () => {
    const b = browser();
    const { code } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
      code,
      state: 'made-up-state',
    });
    expect(res.status).toBe(400);
    expect(res.json()).toEqual({
      errors: { message: expect.stringMatching(/expired or was already used/), code: 'BAD_REQUEST' },
    });
    expect(b.cookie(PORTAL, SESSION)).toBeUndefined();
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
  });

  it('rejects an expired state', async () => {
    const b = browser();
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    await t.app.database.db
      .update(authRequests)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(authRequests.stateHash, hashToken(state)));
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(400);
    expect(b.cookie(PORTAL, SESSION)).toBeUndefined();
  });

  it('rejects a code presented with the state of another sign-in (PKCE and nonce do not match)', async () => {
    const b = browser();
    const first = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    // Both started in this browser: the state is its own, only the code belongs to the other attempt.
    const second = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
      code: first.code,
      state: second.state,
    });
    expect(res.status).toBe(400);
    expect(res.json().errors.message).toMatch(/Sign-in could not be completed/);
    expect(b.cookie(PORTAL, SESSION)).toBeUndefined();
  });

  it('only sends the browser back to the portal’s own /login', async () => {
    const b = browser();
    for (const uri of ['https://evil.example.com/login', `${PORTAL}/dashboard`, `${PORTAL}/login?x=1`]) {
      const res = await b.get(`${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(uri)}`);
      expect(res.status).toBe(400);
      expect(res.json().errors.fields).toEqual([{ field: 'redirect_uri', error: `Must be ${PORTAL}/login` }]);
    }
    const missing = await b.get(`${PORTAL}/api/staff/self-service/auth`);
    expect(missing.status).toBe(400);
    expect(missing.json().errors.message).toBeTruthy();
  });

  it('answers /me with 403 in the error envelope without a session', async () => {
    const res = await browser().get(`${PORTAL}/api/staff/self-service/me`);
    expect(res.status).toBe(403);
    expect(res.json()).toEqual({ errors: { message: 'You are not signed in.', code: 'NOT_SIGNED_IN' } });
  });

  it('refuses a state-changing call without the XSRF header, or with a token of another session', async () => {
    const b = browser();
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    // Fetching the page's code leaves the session's token alone (those answers skip the session).
    const token = b.cookie(PORTAL, 'XSRF-TOKEN');
    expect((await b.get(`${PORTAL}/assets/index-abc123.js`)).setCookies).toEqual([]);
    expect(b.cookie(PORTAL, 'XSRF-TOKEN')).toBe(token);
    const without = await b.post(`${PORTAL}/api/staff/self-service/logout`, {}, { xsrf: false });
    expect(without.status).toBe(403);
    expect(without.json().errors.message).toMatch(/security token/);
    // The session is untouched by the refused call.
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);

    const other = browser();
    await other.get(`${PORTAL}/api/health`);
    const foreign = other.cookie(PORTAL, 'XSRF-TOKEN')!;
    const forged = await b.post(
      `${PORTAL}/api/staff/self-service/logout`,
      {},
      { headers: { 'x-xsrf-token': foreign } },
    );
    expect(forged.status).toBe(403);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);
    // With the session's own token, the same call goes through.
    expect((await b.post(`${PORTAL}/api/staff/self-service/logout`)).status).toBe(200);
  });

  it('refuses process-authentication without the XSRF header', async () => {
    const b = browser();
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const res = await b.post(
      `${PORTAL}/api/staff/self-service/process-authentication`,
      { code, state },
      { xsrf: false },
    );
    expect(res.status).toBe(403);
    expect(b.cookie(PORTAL, SESSION)).toBeUndefined();
  });

  it('logout revokes the session on the server and the provider asks for the password again', async () => {
    const b = browser();
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    const token = b.cookie(PORTAL, SESSION)!;
    const out = await b.post(`${PORTAL}/api/staff/self-service/logout`);
    expect(out.status).toBe(200);
    expect(b.cookie(PORTAL, SESSION)).toBeUndefined();
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
    // The old cookie, replayed, is dead.
    const replay = await t.app.inject({
      method: 'GET',
      url: '/api/staff/self-service/me',
      headers: { cookie: `${SESSION}=${token}` },
    });
    expect(replay.statusCode).toBe(403);
    const [row] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(row?.revokedAt).toBeInstanceOf(Date);
    // Login again shows the provider's form instead of signing straight back in.
    const auth = await b.get(
      `${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${PORTAL}/login`)}`,
    );
    const page = await b.follow(auth.json().url, `${PORTAL}/login`);
    expect(page.res?.body).toContain('name="password"');
  });

  it('issues a new session id at every sign-in and revokes the one the browser had', async () => {
    const b = browser();
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    const first = b.cookie(PORTAL, SESSION)!;
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    const second = b.cookie(PORTAL, SESSION)!;
    expect(second).not.toBe(first);
    const [old] = await t.app.database.db
      .select()
      .from(sessions)
      .where(eq(sessions.tokenHash, hashToken(first)));
    expect(old?.revokedAt).toBeInstanceOf(Date);
  });

  it('ends a session idle for 30 minutes, and any session 12 hours after sign-in', async () => {
    const idle = browser();
    await signIn(idle, PORTAL, 'sam.taylor@example.com');
    await t.app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(idle.cookie(PORTAL, SESSION)!)));
    expect((await idle.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
    // The same 31 minutes have passed at the provider, whose own session lasts 12 hours: pressing
    // Login asks for the password again rather than signing the idle phone straight back in.
    await ageProviderSessions(t.app, 31 * 60);
    expect(await loginAsksForPassword(idle)).toBe(true);

    const old = browser();
    await signIn(old, PORTAL, 'sam.taylor@example.com');
    await t.app.database.db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.tokenHash, hashToken(old.cookie(PORTAL, SESSION)!)));
    expect((await old.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
    await ageProviderSessions(t.app, 12 * 60 * 60 - 60);
    expect(await loginAsksForPassword(old)).toBe(true);

    const fresh = browser();
    await signIn(fresh, PORTAL, 'sam.taylor@example.com');
    await t.app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 29 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(fresh.cookie(PORTAL, SESSION)!)));
    expect((await fresh.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);
    // A password entered minutes ago is not asked for again (a second tab pressing Login).
    expect(await loginAsksForPassword(fresh)).toBe(false);
  });

  it('answers a malformed JSON body or wrong types with 400 in the envelope, never a 500', async () => {
    const b = browser();
    await b.get(`${PORTAL}/api/health`);
    const url = `${PORTAL}/api/staff/self-service/process-authentication`;
    const broken = await b.request('POST', url, { body: '{"code": "abc", ' });
    expect(broken.status).toBe(400);
    expect(broken.json()).toEqual({ errors: { message: 'The request body is not valid JSON.' } });

    const wrongTypes = await b.post(url, { code: 42, state: ['x'] });
    expect(wrongTypes.status).toBe(400);
    const fields = wrongTypes
      .json()
      .errors.fields.map((f: { field: string }) => f.field)
      .sort();
    expect(fields).toEqual(['code', 'state']);

    const empty = await b.post(url, {});
    expect(empty.status).toBe(400);

    const notJson = await b.request('POST', url, { body: 'code=1', headers: { 'content-type': 'text/xml' } });
    expect(notJson.status).toBe(415);
    expect(notJson.json().errors.message).toBeTruthy();

    const huge = await b.post(url, { code: 'x'.repeat(2 * 1024 * 1024), state: 's' });
    expect(huge.status).toBe(413);
  });

  it('answers unknown /api paths with a JSON 404 and page paths with the app', async () => {
    const b = browser();
    const api = await b.get(`${PORTAL}/api/nope`);
    expect(api.status).toBe(404);
    expect(api.json().errors.message).toMatch(/No such endpoint/);
    const post = await b.post(`${PORTAL}/api/nope`, {});
    expect(post.status).toBe(404);
    expect(post.json().errors.message).toBe('No such endpoint: POST /api/nope');
  });
});
