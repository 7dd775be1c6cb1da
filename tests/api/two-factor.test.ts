/**
 * Two-factor step-up through the API (docs/product.md#two-factor): each method type from 402 to verified to the
 * change going through; wrong, expired, reused and foreign codes; lock-out after 5 tries; methods
 * that belong to someone else; a new session id after passing.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { sessions, tfaChallenges } from '@server/db/schema.js';
import { hashToken } from '@server/lib/tokens.js';
import { REPLACED_SESSION_GRACE_MS } from '@server/plugins/session.js';
import { XSRF_COOKIE } from '@shared/constants.js';
import { Browser, signedInBrowser, signIn } from './helpers/browser.js';
import { initiate, lastEmailedCode, lastTextedCode, myMethods, PORTAL, verify } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;
const bank = { bank_account: '55779911', sort_code: '20-00-00' };

describe.each(DATABASES)('two-factor step-up on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  const signedIn = (email: string) => signedInBrowser(t.app, PORTAL, email);

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.dropAll());

  it('lists the member’s methods: email always, text with a mobile number', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const methods = await myMethods(sam);
    expect(methods.map((m) => [m.type.id, m.type.name, m.setup_complete])).toEqual([
      [1, 'Email code', true],
      [2, 'Text message code', true],
    ]);
    const riley = await signedIn('riley.evans@example.com');
    // Riley has no mobile number: no texts.
    expect((await myMethods(riley)).find((m) => m.type.id === 2)!.setup_complete).toBe(false);
    const bare = await sam.get(api('/bouncer/tfa/my-methods?page=1'));
    expect(bare.json().data[0].type).toBeUndefined();
  });

  it('email code: 402, then verify, then the change succeeds, on a new session id', async () => {
    const b = await signedIn('sam.taylor@example.com');
    expect((await b.post(api('/staff/self-service/financials'), bank)).status).toBe(402);
    const before = b.cookie(PORTAL, 'staffroom-session');
    const xsrfBefore = b.cookie(PORTAL, XSRF_COOKIE);
    const { challenge, sentTo } = await initiate(b, 1);
    expect(sentTo).toBe('s***@example.com');
    const code = await lastEmailedCode(t.dataDir, 'sam.taylor@example.com');
    // The code is stored only as an HMAC.
    const [row] = await t.app.database.db.select().from(tfaChallenges).where(eq(tfaChallenges.id, challenge));
    expect(JSON.stringify(row)).not.toContain(code);

    const ok = await verify(b, challenge, code);
    expect(ok.status, ok.body).toBe(200);
    expect(ok.json().data.verified).toBe(true);
    const after = b.cookie(PORTAL, 'staffroom-session');
    expect(after).toBeTruthy();
    expect(after).not.toBe(before);
    expect((await b.post(api('/staff/self-service/financials'), bank)).status).toBe(200);
    // Used once: the check belonged to the session id that was just replaced.
    expect((await verify(b, challenge, code)).status).toBe(404);
    // For a few seconds the old id still counts, for the member's requests already on their way with
    // it: answered as before the second factor, never clearing the new cookie or re-issuing the XSRF one.
    const stale = new Browser({ [PORTAL]: t.app });
    stale.jar(PORTAL).set('staffroom-session', before!);
    stale.jar(PORTAL).set(XSRF_COOKIE, xsrfBefore!);
    const racing = await stale.get(api('/staff/self-service/me'));
    expect([racing.status, racing.setCookies]).toEqual([200, []]);
    // After that it no longer works at all, and its answer clears it.
    await t.app.database.db
      .update(sessions)
      .set({ replacedAt: new Date(Date.now() - REPLACED_SESSION_GRACE_MS) })
      .where(eq(sessions.tokenHash, hashToken(before!)));
    const late = await stale.get(api('/staff/self-service/me'));
    expect(late.status).toBe(403);
    expect(late.setCookies.find((cookie) => cookie.startsWith('staffroom-session='))).toMatch(
      /Expires=Thu, 01 Jan 1970/,
    );
    // What a browser fetches by itself, still carrying the replaced cookie as the new one arrives (the
    // service worker's update check, the favicon, a brand's logo), must not clear the new cookie.
    for (const file of ['/sw.js', '/favicon.ico', '/brands/lantern-inns/logo.svg']) {
      stale.jar(PORTAL).set('staffroom-session', before!);
      expect((await stale.get(`${PORTAL}${file}`)).setCookies, file).toEqual([]);
    }
    expect((await b.get(api('/staff/self-service/me'))).status).toBe(200);
  });

  it('ends the replaced id with the sign-in: a sign-out, or a new sign-in in that browser, leaves it no grace', async () => {
    for (const end of ['sign-out', 'sign-in'] as const) {
      const b = await signedIn('sam.taylor@example.com');
      const before = b.cookie(PORTAL, 'staffroom-session')!;
      const { challenge } = await initiate(b, 1);
      expect((await verify(b, challenge, await lastEmailedCode(t.dataDir, 'sam.taylor@example.com'))).status).toBe(200);
      const after = b.cookie(PORTAL, 'staffroom-session')!;
      if (end === 'sign-out') expect((await b.post(api('/staff/self-service/logout'))).status).toBe(200);
      else await signIn(b, PORTAL, 'sam.taylor@example.com');
      for (const id of [before, after]) {
        const stale = new Browser({ [PORTAL]: t.app });
        stale.jar(PORTAL).set('staffroom-session', id);
        expect(
          (await stale.get(api('/staff/self-service/me'))).status,
          `${end}: ${id === before ? 'replaced' : 'last'} id`,
        ).toBe(403);
      }
    }
  });

  it('text code: sent to the mobile, verified the same way', async () => {
    const b = await signedIn('jamie.patel@example.com');
    const { challenge, sentTo } = await initiate(b, 2);
    expect(sentTo).toBe('*******0456');
    const res = await verify(b, challenge, await lastTextedCode(t.dataDir, '07700 900456'));
    expect(res.status, res.body).toBe(200);
    expect(
      (
        await b.post(api('/staff/self-service/contact-details'), {
          email_address: 'jamie.patel@example.com',
          mobile: '07911 123456',
        })
      ).status,
    ).toBe(200);
  });

  it('authenticator: added by HR, verified with a TOTP code, the same code refused twice', async () => {
    const added = await runCommand({
      services: t.app.services,
      name: 'tfa add-authenticator',
      options: { staff: 'morgan.hughes@example.com' },
    });
    expect(added.exitCode).toBe(0);
    const uri = added.lines.at(-1)!;
    expect(uri).toMatch(/^otpauth:\/\/totp\/Staffroom:morgan\.hughes%40example\.com\?/);
    const secret = new URL(uri).searchParams.get('secret')!;

    const b = await signedIn('morgan.hughes@example.com');
    const { challenge, sentTo } = await initiate(b, 3);
    expect(sentTo).toBeNull();
    const token = await generate({ secret });
    expect((await b.post(api('/staff/self-service/financials'), bank)).status).toBe(402);
    expect((await verify(b, challenge, token)).status).toBe(200);
    expect((await b.post(api('/staff/self-service/financials'), bank)).status).toBe(200);

    // A second check in the same 30 seconds with the same code is refused (replay).
    const second = await initiate(b, 3);
    const replay = await verify(b, second.challenge, token);
    expect(replay.status).toBe(400);
    expect(replay.json().errors.message).toMatch(/not right/);
  });

  it('refuses wrong, expired and replaced codes, and locks after 5 wrong tries', async () => {
    const b = await signedIn('riley.evans@example.com');
    const first = await initiate(b, 1);
    const wrong = await verify(b, first.challenge, '000000');
    expect(wrong.status).toBe(400);
    expect(wrong.json().errors.message).toBe('That code is not right. 4 tries left.');
    for (const left of [3, 2, 1])
      expect((await verify(b, first.challenge, 'abcdef')).json().errors.message).toBe(
        `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`,
      );
    const locked = await verify(b, first.challenge, '111111');
    expect(locked.status).toBe(429);
    // Even the right code no longer works.
    expect((await verify(b, first.challenge, await lastEmailedCode(t.dataDir, 'riley.evans@example.com'))).status).toBe(
      429,
    );

    const second = await initiate(b, 1);
    const secondCode = await lastEmailedCode(t.dataDir, 'riley.evans@example.com');
    const third = await initiate(b, 1);
    // Asking again replaces the earlier code.
    expect((await verify(b, second.challenge, secondCode)).json().errors.message).toContain(
      'already been used or replaced',
    );
    await t.app.database.db
      .update(tfaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(tfaChallenges.id, third.challenge));
    const expired = await verify(b, third.challenge, await lastEmailedCode(t.dataDir, 'riley.evans@example.com'));
    expect(expired.status).toBe(400);
    expect(expired.json().errors.message).toBe('That code has expired. Ask for a new code.');
    expect((await b.post(api('/staff/self-service/financials'), bank)).status).toBe(402);
  });

  it('keeps methods and checks to their owner and their session', async () => {
    const sam = await signedIn('sam.taylor@example.com');
    const jamie = await signedIn('jamie.patel@example.com');
    const samMethod = (await myMethods(sam))[0]!.id;
    expect((await jamie.post(api(`/bouncer/tfa-logged-in/initiate/${samMethod}`))).status).toBe(404);
    expect((await jamie.post(api('/bouncer/tfa-logged-in/initiate/not-a-uuid'))).status).toBe(404);
    const { challenge } = await initiate(sam, 1);
    const code = await lastEmailedCode(t.dataDir, 'sam.taylor@example.com');
    expect((await verify(jamie, challenge, code)).status).toBe(404);
    // Another session of the same member cannot use it either.
    const samElsewhere = await signedIn('sam.taylor@example.com');
    expect((await verify(samElsewhere, challenge, code)).status).toBe(404);
    expect((await verify(sam, challenge, code)).status).toBe(200);
  });

  it('gives parallel guesses no more than 5 tries between them', async () => {
    const b = await signedIn('riley.evans@example.com');
    const { challenge } = await initiate(b, 1);
    const right = await lastEmailedCode(t.dataDir, 'riley.evans@example.com');
    const wrong = right === '000000' ? '111111' : '000000';
    const results = await Promise.all([...Array(9).fill(wrong), right].map((code) => verify(b, challenge, code)));
    const statuses = results.map((r) => r.status);
    // Every request got an answer; at most 5 were judged, the rest were refused as locked.
    expect(statuses.filter((s) => s === 400 || s === 200).length).toBeLessThanOrEqual(5);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(5);
    const [row] = await t.app.database.db.select().from(tfaChallenges).where(eq(tfaChallenges.id, challenge));
    expect(row!.attempts).toBeLessThanOrEqual(5);
  });

  it('limits how many codes can be asked for, even all at once', async () => {
    const morgan = await signedIn('morgan.hughes@example.com');
    const email = (await myMethods(morgan))[0]!.id;
    const parallel = await Promise.all(
      Array.from({ length: 8 }, () => morgan.post(api(`/bouncer/tfa-logged-in/initiate/${email}`))),
    );
    expect(parallel.filter((r) => r.status === 200).length).toBeLessThanOrEqual(5);
  });

  it('rate-limits verifying per session, across checks', async () => {
    const created = await runCommand({
      services: t.app.services,
      name: 'create-staff',
      options: { forename: 'Kit', surname: 'Lane', email: `kit.lane.${kind}@example.com`, password: 'Welcome2026' },
    });
    expect(created.exitCode).toBe(0);
    const b = new Browser({ [PORTAL]: t.app });
    await signIn(b, PORTAL, `kit.lane.${kind}@example.com`, 'Welcome2026');
    const statuses: number[] = [];
    for (let round = 0; round < 3; round++) {
      const { challenge } = await initiate(b, 1);
      for (let i = 0; i < 4; i++) statuses.push((await verify(b, challenge, '000000')).status);
    }
    // Ten tries a minute per session, whatever the check.
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('limits how many codes can be asked for', async () => {
    const b = await signedIn('jamie.patel@example.com');
    const method = (await myMethods(b))[0]!.id;
    const codes = [];
    for (let i = 0; i < 7; i++) codes.push((await b.post(api(`/bouncer/tfa-logged-in/initiate/${method}`))).status);
    expect(codes).toContain(429);
    expect(codes.indexOf(429)).toBeLessThanOrEqual(5);
  });
});
