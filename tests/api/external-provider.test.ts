/**
 * With OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET set, the portal signs in against that
 * provider instead of its own. A second app instance, listening on a real port, plays the external
 * provider; the portal reaches it over HTTP like it would reach Entra ID or Keycloak.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, sessions, staff } from '@server/db/schema.js';
import { runCommand } from '@server/cli/run-command.js';
import { roleFromClaim } from '@server/modules/auth/relying-party.js';
import { hashToken } from '@server/lib/tokens.js';
import { createStaffMember } from '@server/modules/staff/service.js';
import { Browser, pressLogin, signInAtProvider } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { ageProviderSessions } from './helpers/provider-sessions.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const CLIENT = { client_id: 'staffroom-external', client_secret: 'external-client-secret-for-tests-0123456789' };

describe.each(DATABASES)('external OpenID provider, portal on %s', (kind) => {
  let idp: Awaited<ReturnType<typeof createTestApp>>;
  let portal: Awaited<ReturnType<typeof createTestApp>>;
  let issuer: string;

  beforeAll(async () => {
    const port = await freePort();
    issuer = `http://127.0.0.1:${port}/oidc`;
    idp = await createTestApp('pglite', {
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      providerClients: [
        { ...CLIENT, redirect_uris: [`${PORTAL}/login`], post_logout_redirect_uris: [`${PORTAL}/login`] },
      ],
    });
    await createStaffMember({
      db: idp.app.database.db,
      actor: 'test',
      input: { forename: 'Stranger', surname: 'Danger', email: 'stranger@example.com', password: 'Stranger123' },
    });
    await idp.app.listen({ host: '127.0.0.1', port });
    portal = await createTestApp(kind, {
      env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: CLIENT.client_id, OIDC_CLIENT_SECRET: CLIENT.client_secret },
    });
  });
  afterAll(async () => {
    await portal?.dropAll();
    await idp?.dropAll();
  });

  it('sends the browser to the external provider and signs the matching staff member in', async () => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state, authUrl } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    expect(authUrl.startsWith(`${issuer}/auth?`)).toBe(true);
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(200);
    expect(res.json().user.email_address).toBe('sam.taylor@example.com');
    const me = await b.get(`${PORTAL}/api/staff/self-service/me`);
    expect(me.json().data.forename).toBe('Sam');
    // Linked by subject from now on.
    const [row] = await portal.app.database.db
      .select()
      .from(staff)
      .where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    expect(row?.externalSubject).toMatch(new RegExp(`^${issuer}\\|`));
  });

  it('does not mount its own provider', async () => {
    const res = await portal.app.inject({ method: 'GET', url: '/oidc/.well-known/openid-configuration' });
    expect(res.statusCode).not.toBe(200);
  });

  it('answers 403 when the provider vouches for someone with no staff record', async () => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state } = await signInAtProvider(b, PORTAL, {
      email: 'stranger@example.com',
      password: 'Stranger123',
    });
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(403);
    expect(res.json().errors.message).toMatch(/no staff record matches/);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
  });

  it('refuses a leaver at the callback with the date their access ended, though the provider vouches for them', async () => {
    // A leaver in the portal (docs/product.md#leavers); the group's provider still has the account.
    const left = await runCommand({
      services: portal.app.services,
      name: 'staff leave',
      options: { staff: 'jamie.patel@example.com', reason: 'resigned', now: true },
    });
    expect(left.exitCode, left.error).toBe(0);
    const [jamie] = await portal.app.database.db
      .select()
      .from(staff)
      .where(eq(staff.emailAddress, 'jamie.patel@example.com'));
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'jamie.patel@example.com' });
    const res = await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state });
    expect(res.status).toBe(403);
    const [y, m, d] = jamie!.leavingDate!.split('-');
    expect(res.json().errors).toEqual({
      code: 'ACCESS_ENDED',
      message: `Your access ended on ${d}/${m}/${y}. Ask your manager if this is wrong.`,
    });
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
  });

  it("ends the provider's session at sign-out, so the next Login asks for the password", async () => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'morgan.hughes@example.com' });
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state })).status).toBe(200);
    const out = await b.post(`${PORTAL}/api/staff/self-service/logout`);
    expect(out.status, out.body).toBe(200);

    // The web's full navigation to /login after the logout goes to the provider's end-session endpoint.
    const login = await b.get(`${PORTAL}/login`);
    expect(login.status).toBe(302);
    const end = new URL(login.location!);
    expect(`${end.origin}${end.pathname}`).toBe(`${issuer}/session/end`);
    expect(end.searchParams.get('post_logout_redirect_uri')).toBe(`${PORTAL}/login`);
    expect(end.searchParams.get('id_token_hint')).toMatch(/^ey/);
    // The provider asks to confirm (a form with its own XSRF token), then returns to /login.
    const confirm = await b.get(end.href);
    expect(confirm.status).toBe(200);
    const action = new URL(/action="([^"]+)"/.exec(confirm.body)![1]!, end.href).href;
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(confirm.body)![1]!;
    const ended = await b.request('POST', action, { form: { xsrf, logout: 'yes' } });
    expect(ended.location?.startsWith(`${PORTAL}/login`)).toBe(true);
    // Once only: /login is the page again.
    expect((await b.get(`${PORTAL}/login`)).status).not.toBe(302);

    const page = await pressLogin(b, PORTAL);
    expect(page.res?.body).toContain('name="password"');
  });

  it('asks for the password at the next Login when the provider session cannot be ended', async () => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email: 'riley.evans@example.com' });
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state })).status).toBe(200);
    // A session with no ID token kept (one opened before tokens were kept) has no hint to end with.
    await portal.app.database.db
      .update(sessions)
      .set({ idTokenSealed: null })
      .where(eq(sessions.tokenHash, hashToken(b.cookie(PORTAL, 'staffroom-session')!)));
    expect((await b.post(`${PORTAL}/api/staff/self-service/logout`)).status).toBe(200);
    expect((await b.get(`${PORTAL}/login`)).status).not.toBe(302);
    const auth = await b.get(
      `${PORTAL}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${PORTAL}/login`)}`,
    );
    expect(new URL(auth.json<{ url: string }>().url).searchParams.get('prompt')).toBe('login');
    const page = await pressLogin(b, PORTAL);
    expect(page.res?.body).toContain('name="password"');
  });

  it('asks for the password at the provider again once the portal session has idled out', async () => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state, authUrl } = await signInAtProvider(b, PORTAL, { email: 'sam.taylor@example.com' });
    expect(new URL(authUrl).searchParams.get('max_age')).toBe('1800');
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state })).status).toBe(200);
    // 31 minutes pass: the portal session idles out, the provider's own session is still alive.
    await portal.app.database.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 31 * 60_000) })
      .where(eq(sessions.tokenHash, hashToken(b.cookie(PORTAL, 'staffroom-session')!)));
    await ageProviderSessions(idp.app, 31 * 60);
    expect((await b.get(`${PORTAL}/api/staff/self-service/me`)).status).toBe(403);
    const page = await pressLogin(b, PORTAL);
    expect(page.url.startsWith(issuer.replace('/oidc', ''))).toBe(true);
    expect(page.res?.body).toContain('name="password"');
  });
});

describe('console roles from the external provider’s claim', () => {
  let idp: Awaited<ReturnType<typeof createTestApp>>;
  let portal: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    const port = await freePort();
    idp = await createTestApp('pglite', {
      env: { PUBLIC_URL: `http://127.0.0.1:${port}` },
      providerClients: [{ ...CLIENT, redirect_uris: [`${PORTAL}/login`] }],
    });
    await idp.app.listen({ host: '127.0.0.1', port });
    // The embedded provider standing in for Entra ID issues no `groups`, so the email claim carries
    // the role here: the mapping is the same for any claim, string or list.
    portal = await createTestApp('pglite', {
      env: {
        OIDC_ISSUER: `http://127.0.0.1:${port}/oidc`,
        OIDC_CLIENT_ID: CLIENT.client_id,
        OIDC_CLIENT_SECRET: CLIENT.client_secret,
        OIDC_ROLE_CLAIM: 'email',
        OIDC_HR_ROLE_VALUE: 'sam.taylor@example.com',
        OIDC_MANAGER_ROLE_VALUE: 'riley.evans@example.com',
      },
    });
  });
  afterAll(async () => {
    await portal?.dropAll();
    await idp?.dropAll();
  });

  const signInAs = async (email: string) => {
    const b = new Browser({ [PORTAL]: portal.app });
    const { code, state } = await signInAtProvider(b, PORTAL, { email });
    expect((await b.post(`${PORTAL}/api/staff/self-service/process-authentication`, { code, state })).status).toBe(200);
    return b;
  };

  it('sets the role the claim gives at each sign-in, and takes away one it no longer gives, audited', async () => {
    const sam = await signInAs('sam.taylor@example.com');
    expect((await sam.get(`${PORTAL}/api/staff/self-service/me`)).json().data.console_role).toBe('hr');
    expect((await sam.get(`${PORTAL}/api/admin/me`)).json().data.role).toBe('hr');
    const riley = await signInAs('riley.evans@example.com');
    expect((await riley.get(`${PORTAL}/api/staff/self-service/me`)).json().data.console_role).toBe('manager');

    // Morgan was made HR in the console, but the provider says nothing of it: the claim wins.
    await portal.app.database.db
      .update(staff)
      .set({ role: 'hr' })
      .where(eq(staff.emailAddress, 'morgan.hughes@example.com'));
    const morgan = await signInAs('morgan.hughes@example.com');
    expect((await morgan.get(`${PORTAL}/api/admin/me`)).status).toBe(403);
    const events = await portal.app.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.action, 'staff.role_changed'));
    expect(events.map((event) => [event.actor, event.details])).toContainEqual([
      'provider',
      { old: 'hr', new: null, from: 'role claim' },
    ]);
  });

  it('reads a list claim such as groups', () => {
    expect(
      roleFromClaim(['everyone', 'staffroom-managers'], { hr: 'staffroom-hr', manager: 'staffroom-managers' }),
    ).toBe('manager');
    expect(
      roleFromClaim(['staffroom-managers', 'staffroom-hr'], { hr: 'staffroom-hr', manager: 'staffroom-managers' }),
    ).toBe('hr');
    expect(roleFromClaim(undefined, { hr: 'staffroom-hr' })).toBeNull();
    expect(roleFromClaim(42, { hr: '42' })).toBeNull();
  });
});
