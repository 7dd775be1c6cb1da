/**
 * Served over https (behind a TLS-terminating load balancer), the session cookie is Secure with the
 * `__Host-` prefix (OWASP ASVS 5.0 §7), and the XSRF cookie is Secure too.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signInAtProvider } from './helpers/browser.js';
import { createTestApp } from './helpers/test-app.js';

const PORTAL = 'https://staff.example.com';

describe('https deployment', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp('pglite', { env: { PUBLIC_URL: PORTAL, TRUST_PROXY: 'true' } });
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
