/**
 * Served over https (behind a TLS-terminating load balancer), the session cookie is Secure with the
 * `__Host-` prefix (OWASP ASVS 5.0 §7), and the XSRF cookie is Secure too. Sign-in works whether or
 * not the proxy is trusted (TRUST_PROXY): the embedded provider always sees the public URL.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInAtProvider } from './helpers/browser.js';
import { createTestApp } from './helpers/test-app.js';

const PORTAL = 'https://staff.example.com';

describe('https deployment', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: PORTAL, TRUST_PROXY: '1' } });
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('sets __Host- Secure session cookies and Secure XSRF cookies', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(200);
    const session = res.setCookies.find((c) => c.startsWith('__Host-staffroom-session='))!;
    expect(session).toMatch(/; Secure/i);
    expect(session).toMatch(/; Path=\//i);
    expect(session).not.toMatch(/Domain=/i);
    expect(res.setCookies.find((c) => c.startsWith('XSRF-TOKEN='))).toMatch(/; Secure/i);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);
  });
});

describe('https deployment without TRUST_PROXY', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: PORTAL } });
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('signs in through the embedded provider, its addresses at the public URL whatever Host was sent', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    const { code, state, authUrl } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    expect(authUrl.startsWith(`${PORTAL}/oidc/`)).toBe(true);
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(200);
    expect(res.setCookies.find((c) => c.startsWith('__Host-staffroom-session='))).toMatch(/; Secure/i);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(200);

    const discovery = await t.app.inject({
      method: 'GET',
      url: '/oidc/.well-known/openid-configuration',
      headers: { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http' },
    });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json().authorization_endpoint).toBe(`${PORTAL}/oidc/auth`);
  });
});
