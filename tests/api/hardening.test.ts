/**
 * What an attacker or an operator would notice: security headers, what reaches the logs, the
 * sign-in rate limit, and the provider's storage surviving a restart.
 */
import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signaturePng } from '../support/fixtures.js';
import { Browser, openSignInForm, signIn, signInAtProvider } from './helpers/browser.js';
import { admin, linkOf } from './helpers/joiners.js';
import { lastEmailedCode, stepUpByEmail } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';

describe.each(DATABASES)('hardening on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const logs: string[] = [];

  beforeAll(async () => {
    const stream = new PassThrough();
    stream.on('data', (chunk: Buffer) => logs.push(chunk.toString()));
    t = await createTestApp(kind, {
      logger: true,
      logStream: stream,
      env: { LOG_LEVEL: 'info', SIGN_IN_ATTEMPTS_PER_MINUTE: '3' },
    });
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('sends pages the CSP the app runs under, and API answers the headers of an API', async () => {
    // A page (with no web build beside these tests, the notice saying so).
    const page = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.headers['permissions-policy']).toBe('camera=(self), microphone=(), geolocation=(), payment=(), usb=()');

    // A JSON answer can build no document, be framed or sniffed, and is kept nowhere.
    const api = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['content-type']).toMatch(/^application\/json/);
    expect(api.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers['x-frame-options']).toBe('DENY');
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers['referrer-policy']).toBe('no-referrer');
    expect(api.headers['cache-control']).toBe('no-store');
    expect(api.headers['permissions-policy']).toBeUndefined();
    // So is a refusal.
    const refused = await t.app.inject({ method: 'GET', url: '/api/staff/self-service/me' });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(refused.headers['cache-control']).toBe('no-store');

    // A PDF opens as a document in a tab: it gets the page's set, and is still kept nowhere.
    const email = `headers.${kind}@example.com`;
    await admin(t.app, 'invite', {
      forename: 'Ada',
      surname: 'Pike',
      email,
      venue: 'The Lantern, Leeds',
      position: 'Host',
      startDate: '2026-12-01',
    });
    const agreement = linkOf(
      await admin(t.app, 'agreement issue', {
        staff: email,
        template: { filename: 'a.html', base64: Buffer.from('<p>Locker policy</p>').toString('base64') },
      }),
      'agreement',
    ).token;
    const pdf = await t.app.inject({ method: 'GET', url: `/api/staff/agreement/${agreement}/pdf` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-security-policy']).toBe(csp);
    expect(pdf.headers['permissions-policy']).toBe(page.headers['permissions-policy']);
    expect(pdf.headers['cache-control']).toBe('private, no-store');

    // The embedded provider answers on the raw response: its pages carry the page's set.
    const provider = await t.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(provider.statusCode).toBe(200);
    expect(provider.headers['content-security-policy']).toBe(csp);
    expect(provider.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never writes link tokens, answers, signatures or the new password to the log', async () => {
    const email = `log.check.${kind}@example.com`;
    const { token } = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Lee',
        surname: 'Ray',
        email,
        venue: 'The Lantern, Leeds',
        position: 'Host',
        startDate: '2026-12-01',
      }),
      'onboard',
    );
    const agreement = linkOf(
      await admin(t.app, 'agreement issue', {
        staff: email,
        template: { filename: 'a.html', base64: Buffer.from('<p>Locker policy</p>').toString('base64') },
      }),
      'agreement',
    ).token;
    const b = new Browser({ [PORTAL]: t.app });
    const base = `${PORTAL}/api/staff/self-service-onboard/${token}`;
    await b.get(base);
    await b.post(base, { fields: { national_insurance_number: 'ZX 98 76 54 A' } });
    const signature = await signaturePng();
    await b.post(`${PORTAL}/api/staff/agreement/${agreement}`, { signature_data: signature });
    await b.post(`${base}/password`, { password: 'Secret2026x', password_check: 'Secret2026x' });
    const all = logs.join('');
    expect(all).toContain('mail written to the outbox');
    expect(all).toContain('/api/staff/self-service-onboard/[redacted]');
    for (const secret of [token, agreement, 'ZX 98 76 54 A', signature.slice(30, 90), 'Secret2026x', email]) {
      expect(all, secret.slice(0, 20)).not.toContain(secret);
    }
  });

  it('never writes a link token to the log, whatever a mail client adds after it', async () => {
    const email = `log.suffix.${kind}@example.com`;
    const { token } = linkOf(
      await admin(t.app, 'invite', {
        forename: 'Kit',
        surname: 'Lowe',
        email,
        venue: 'The Lantern, Leeds',
        position: 'Host',
        startDate: '2026-12-01',
      }),
      'onboard',
    );
    const escaped = [...token].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('');
    const routes = [
      '/onboard/{}',
      '/contract/{}',
      '/agreement/{}',
      '/api/staff/self-service-onboard/{}',
      '/api/staff/self-service-onboard/{}/draft',
      '/api/staff/self-service/{}/file',
      '/api/staff/employment/contract/{}',
      '/api/staff/employment/contract/{}/pdf',
      '/api/staff/agreement/{}',
    ];
    const before = logs.length;
    for (const route of routes) {
      for (const suffix of ['', '.', '%29', ')', '%2E', '...', '%22%3E', ',']) {
        await t.app.inject({ method: 'GET', url: route.replace('{}', `${token}${suffix}`) });
      }
      await t.app.inject({ method: 'GET', url: route.replace('{}', escaped) });
    }
    const written = logs.slice(before).join('');
    expect(written).toContain('/api/staff/self-service-onboard/[redacted]');
    expect(written).not.toContain(token);
    expect(written).not.toContain(escaped.slice(0, 60));
  });

  it('never writes passwords, codes, states, session or XSRF tokens to the log', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'jamie.patel@example.com' });
    // The SPA page the provider sends the browser back to carries the code in its query.
    await t.app.inject({ method: 'GET', url: `/login?code=${code}&state=${state}` });
    await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    // Personal answers are never kept by a cache, whatever spelling of the path asked for them.
    for (const path of [
      '/api/staff/self-service/me',
      '/%61pi/staff/self-service/me',
      '/api/staff/my-vehicles',
      '/api/bouncer/tfa/my-methods',
    ]) {
      const res = await b.get(`${PORTAL}${path}`);
      expect(res.status, path).toBe(200);
      expect(res.headers['cache-control'], path).toBe('no-store');
    }
    const text = logs.join('');
    expect(text).toContain('/api/staff/self-service/me'); // the log is being written
    for (const secret of [
      code,
      state,
      'Staffroom2026',
      b.cookie(PORTAL, 'staffroom-session')!,
      b.cookie(PORTAL, 'XSRF-TOKEN')!,
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('limits password attempts for one email from one address, and shows it as a page', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    const action = await openSignInForm(b, PORTAL);
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await b.request('POST', action, {
        form: { email: 'morgan.hughes@example.com', password: `guess-${i}` },
      });
      statuses.push(res.status);
      if (res.status === 429) expect(res.body).toContain('Too many sign-in attempts');
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    // Another member at the same venue (same address) can still sign in.
    await signIn(new Browser({ [PORTAL]: t.app }), PORTAL, 'riley.evans@example.com');
  });

  it('never writes bank details or two-factor codes to the log (after the sign-in limit test: it signs in)', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    await stepUpByEmail(b, t.dataDir, 'sam.taylor@example.com');
    const code = await lastEmailedCode(t.dataDir, 'sam.taylor@example.com');
    expect(
      (await b.post(`${PORTAL}/api/staff/self-service/financials`, { bank_account: '40308669', sort_code: '40-47-84' }))
        .status,
    ).toBe(200);
    const all = logs.join('');
    // Digits alone could appear inside a timestamp or a response time.
    for (const secret of [code, '40308669', '404784', '40-47-84'])
      expect(all).not.toMatch(new RegExp(`(?<![\\d.])${secret}(?![\\d])`));
  });
});

describe('restart (PGlite)', () => {
  it('keeps the provider’s interaction and the portal session across a restart', async () => {
    const first = await createTestApp('pglite');
    const b = new Browser({ [PORTAL]: first.app });
    await signIn(b, PORTAL, 'sam.taylor@example.com');
    // A sign-in left half-way on the provider's page before the restart.
    const halfway = new Browser({ [PORTAL]: first.app });
    const auth = await halfway.get(
      `${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${PORTAL}/login`)}`,
    );
    const pending = await halfway.follow(auth.json().url, `${PORTAL}/login`);
    const action = new URL(/action="([^"]+)"/.exec(pending.res!.body)![1]!, pending.url).href;
    await first.close();

    const second = await createTestApp('pglite', { dataDir: first.dataDir, seed: false });
    try {
      const again = new Browser({ [PORTAL]: second.app });
      // Cookies carry over: same browser, new process.
      for (const [k, v] of b.jar(PORTAL)) again.jar(PORTAL).set(k, v);
      expect((await again.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);

      const resumed = new Browser({ [PORTAL]: second.app });
      for (const [k, v] of halfway.jar(PORTAL)) resumed.jar(PORTAL).set(k, v);
      const login = await resumed.request('POST', action, {
        form: { email: 'jamie.patel@example.com', password: 'Staffroom2026' },
      });
      expect(login.status).toBe(303);
      const back = new URL((await resumed.follow(login.location!, `${PORTAL}/login`)).url);
      const done = await resumed.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
        code: back.searchParams.get('code'),
        state: back.searchParams.get('state'),
      });
      expect(done.status).toBe(200);
      expect(done.json().user.email_address).toBe('jamie.patel@example.com');
    } finally {
      await second.dropAll();
    }
  });
});
