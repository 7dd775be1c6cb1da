/**
 * The embedded provider's own end-session endpoint (docs/product.md#sessions): the portal ends the
 * provider's session inside its own logout, so no other site can end it by sending a browser to the
 * provider's address, nor by posting its confirmation without the provider's XSRF token.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';

describe.each(DATABASES)('the embedded provider at sign-out on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const browser = () => new Browser({ [PORTAL]: t.app });

  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(() => t.dropAll());

  it("lets no other site end the embedded provider's session", async () => {
    const b = browser();
    await signIn(b, PORTAL, 'jamie.patel@example.com');
    // What another site can make a browser do: open the provider's end-session address, and post to its
    // confirmation without the provider's own XSRF token.
    const opened = await b.get(`${PORTAL}/oidc/session/end`);
    expect(opened.status).toBe(200);
    const confirm = await b.request('POST', `${PORTAL}/oidc/session/end/confirm`, {
      form: { logout: 'yes' },
      headers: { origin: 'https://attacker.example' },
    });
    expect(confirm.status).toBe(400);
    // The provider's session is still there: Login signs straight back in, with no password.
    const auth = await b.get(
      `${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${PORTAL}/login`)}`,
    );
    const page = await b.follow(auth.json().url, `${PORTAL}/login`);
    expect(page.res).toBeUndefined();
    expect(new URL(page.url).searchParams.get('code')).toBeTruthy();
  });
});
