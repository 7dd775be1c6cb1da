/**
 * Sign-in against an OpenID provider that is not Staffroom's: a stand-alone `oidc-provider` with its
 * default settings, whose ID token carries only `sub` (OpenID Connect Core §5.4: claims asked for by
 * scope come from UserInfo), one that puts the email in the ID token, and a portal told to identify
 * staff by another claim (`preferred_username`, as Entra ID tenants often need).
 */
import http from 'node:http';
import Provider from 'oidc-provider';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, pressLogin, type BrowserResponse } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { createTestApp } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const CLIENT = { client_id: 'staffroom', client_secret: 'standalone-client-secret-0123456789abcdef' };

/** Starts a stand-alone provider on a loopback port; `accounts` maps a login to its claims. */
async function startProvider(
  accounts: Record<string, Record<string, unknown>>,
  settings: { conformIdTokenClaims?: boolean } = {},
) {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const provider = new Provider(issuer, {
    clients: [{ ...CLIENT, redirect_uris: [`${PORTAL}/login`] }],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['preferred_username', 'name'] },
    ...settings,
    async findAccount(_ctx, id) {
      const claims = accounts[id];
      return claims ? { accountId: id, claims: () => ({ sub: id, ...claims }) } : undefined;
    },
  });
  const server = http.createServer(provider.callback());
  await new Promise<void>((r) => server.listen(port, '127.0.0.1', r));
  return { issuer, close: () => new Promise<void>((r) => server.close(() => r())) };
}

/** Presses Login and goes through the provider's own (development) login and consent forms. */
async function signInThere(b: Browser, login: string): Promise<BrowserResponse> {
  let page = await pressLogin(b, PORTAL);
  for (let forms = 0; page.res && forms < 4; forms++) {
    const action = /action="([^"]+)"/.exec(page.res.body)?.[1];
    const prompt = /name="prompt" value="([^"]+)"/.exec(page.res.body)?.[1];
    if (!action || !prompt) throw new Error(`no form at ${page.url}: ${page.res.status}`);
    const form: Record<string, string> = prompt === 'login' ? { prompt, login, password: 'anything' } : { prompt };
    const posted = await b.request('POST', new URL(action, page.url).href, { form });
    page = await b.follow(posted.location!, `${PORTAL}/login`);
  }
  const back = new URL(page.url);
  return b.post(`${PORTAL}/api/staff/self-service/process-authentication`, {
    code: back.searchParams.get('code'),
    state: back.searchParams.get('state'),
  });
}

describe('a stand-alone OpenID provider', () => {
  const closers: (() => Promise<void>)[] = [];
  let fromUserInfo: Awaited<ReturnType<typeof startProvider>>;
  let inIdToken: Awaited<ReturnType<typeof startProvider>>;
  const sam = { email: 'sam.taylor@example.com', email_verified: true, preferred_username: 'sam.taylor@example.com' };

  beforeAll(async () => {
    fromUserInfo = await startProvider({
      sam,
      stranger: { email: 'stranger@example.com', email_verified: true },
      unverified: { email: 'jamie.patel@example.com', email_verified: false },
    });
    inIdToken = await startProvider({ sam }, { conformIdTokenClaims: false });
    closers.push(fromUserInfo.close, inIdToken.close);
  });
  afterAll(async () => {
    for (const close of closers.reverse()) await close();
  });

  const portalFor = async (issuer: string, env: Record<string, string> = {}) => {
    const portal = await createTestApp('pglite', {
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.client_id, OIDC_CLIENT_SECRET: CLIENT.client_secret, ...env },
    });
    closers.push(portal.dropAll);
    return portal;
  };

  it('signs staff in with default settings, reading the email from UserInfo', async () => {
    const portal = await portalFor(fromUserInfo.issuer);
    const b = new Browser({ [PORTAL]: portal.app });
    const res = await signInThere(b, 'sam');
    expect(res.status, res.body).toBe(200);
    expect(res.json().user.email_address).toBe('sam.taylor@example.com');
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).json().data.forename).toBe('Sam');

    // Someone the provider knows but HR does not, and an email the provider has not verified.
    const stranger = await signInThere(new Browser({ [PORTAL]: portal.app }), 'stranger');
    expect(stranger.status).toBe(403);
    expect(stranger.json().errors.message).toMatch(/no staff record matches/);
    expect((await signInThere(new Browser({ [PORTAL]: portal.app }), 'unverified')).status).toBe(403);
  });

  it('signs staff in when the provider puts the email in the ID token', async () => {
    const portal = await portalFor(inIdToken.issuer);
    const res = await signInThere(new Browser({ [PORTAL]: portal.app }), 'sam');
    expect(res.status, res.body).toBe(200);
    expect(res.json().user.email_address).toBe('sam.taylor@example.com');
  });

  it('identifies staff by the configured claim', async () => {
    const byUsername = await startProvider({
      sam: { email: 'sam@personal.example', email_verified: true, preferred_username: 'Sam.Taylor@example.com' },
    });
    closers.push(byUsername.close);
    const portal = await portalFor(byUsername.issuer, { OIDC_STAFF_CLAIM: 'preferred_username' });
    const res = await signInThere(new Browser({ [PORTAL]: portal.app }), 'sam');
    expect(res.status, res.body).toBe(200);
    expect(res.json().user.email_address).toBe('sam.taylor@example.com');
  });
});
