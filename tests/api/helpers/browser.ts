/**
 * A minimal browser for API tests: a cookie jar per origin, redirects followed by hand, requests
 * answered by the Fastify app registered for the origin (`inject`) or, failing that, the network.
 * State-changing `/api` calls echo the XSRF cookie the way the web client does.
 */
import type { FastifyInstance } from 'fastify';
import { DEMO_PASSWORD } from '@server/modules/demo/seed-demo.js';

export interface BrowserResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  json<T = any>(): T;
  /** Raw Set-Cookie lines. */
  setCookies: string[];
  location?: string;
}

type Jar = Map<string, string>;

export class Browser {
  private jars = new Map<string, Jar>();
  constructor(private readonly apps: Record<string, FastifyInstance>) {}

  jar(origin: string): Jar {
    let jar = this.jars.get(origin);
    if (!jar) this.jars.set(origin, (jar = new Map()));
    return jar;
  }

  cookie(origin: string, name: string): string | undefined {
    return this.jar(origin).get(name);
  }

  async request(
    method: string,
    url: string,
    opts: { body?: unknown; form?: Record<string, string>; headers?: Record<string, string>; xsrf?: boolean } = {},
  ): Promise<BrowserResponse> {
    const target = new URL(url);
    const jar = this.jar(target.origin);
    const headers: Record<string, string> = { 'user-agent': 'staffroom-api-test', ...opts.headers };
    if (jar.size) headers.cookie = [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    let payload: string | undefined;
    if (opts.form) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      payload = new URLSearchParams(opts.form).toString();
    } else if (opts.body !== undefined) {
      headers['content-type'] ??= 'application/json';
      payload = typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body);
    }
    const xsrf = jar.get('XSRF-TOKEN');
    if ((opts.xsrf ?? true) && method !== 'GET' && xsrf) headers['x-xsrf-token'] ??= xsrf;

    const app = this.apps[target.origin];
    let res: BrowserResponse;
    if (app) {
      headers.host = target.host;
      // As a TLS-terminating load balancer would tell the app.
      if (target.protocol === 'https:') headers['x-forwarded-proto'] = 'https';
      const r = await app.inject({ method: method as 'GET', url: target.pathname + target.search, headers, payload });
      const sc = r.headers['set-cookie'];
      res = {
        status: r.statusCode,
        headers: r.headers as BrowserResponse['headers'],
        body: r.body,
        json: () => JSON.parse(r.body),
        setCookies: sc === undefined ? [] : Array.isArray(sc) ? sc : [String(sc)],
        location: r.headers.location as string | undefined,
      };
    } else {
      const r = await fetch(url, { method, headers, body: payload, redirect: 'manual' });
      const body = await r.text();
      res = {
        status: r.status,
        headers: Object.fromEntries(r.headers.entries()),
        body,
        json: () => JSON.parse(body),
        setCookies: r.headers.getSetCookie(),
        location: r.headers.get('location') ?? undefined,
      };
    }
    for (const line of res.setCookies) {
      const [pair = '', ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0/i.test(a) || /expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === '') jar.delete(name);
      else jar.set(name, value);
    }
    if (res.location) res.location = new URL(res.location, url).href;
    return res;
  }

  get(url: string, headers?: Record<string, string>) {
    return this.request('GET', url, { headers });
  }

  post(url: string, body?: unknown, opts: { xsrf?: boolean; headers?: Record<string, string> } = {}) {
    return this.request('POST', url, { body: body ?? {}, ...opts });
  }

  /** Follows redirects from `url` until one leaves for `stopAt` (a URL prefix) or a page answers. */
  async follow(url: string, stopAt: string): Promise<{ url: string; res?: BrowserResponse }> {
    let current = url;
    for (let hops = 0; hops < 10; hops++) {
      if (current.startsWith(stopAt)) return { url: current };
      const res = await this.get(current);
      if (res.status >= 300 && res.status < 400 && res.location) {
        current = res.location;
        continue;
      }
      return { url: current, res };
    }
    throw new Error('too many redirects');
  }
}

export interface SignInResult {
  code: string;
  state: string;
  /** The authorization URL the portal answered. */
  authUrl: string;
}

/**
 * Drives the provider's sign-in page like a person would: GET /auth, the provider's redirects, the
 * form POST, back to the portal's /login with code and state. Does not call process-authentication.
 */
export async function signInAtProvider(
  browser: Browser,
  portal: string,
  creds: { email: string; password?: string },
): Promise<SignInResult> {
  const auth = await browser.get(
    `${portal}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${portal}/login`)}`,
  );
  if (auth.status !== 200) throw new Error(`auth answered ${auth.status}: ${auth.body}`);
  const authUrl = auth.json<{ url: string }>().url;
  const page = await browser.follow(authUrl, `${portal}/login`);
  if (!page.res) {
    // The provider still has a browser session for this member: straight back with a code.
    const returned = new URL(page.url);
    return { code: returned.searchParams.get('code')!, state: returned.searchParams.get('state')!, authUrl };
  }
  if (page.res.status !== 200 || !page.res.body.includes('<form')) {
    throw new Error(`expected the sign-in page, got ${page.res?.status} at ${page.url}`);
  }
  const action = /action="([^"]+)"/.exec(page.res.body)![1]!;
  const login = await browser.request('POST', new URL(action, page.url).href, {
    form: { email: creds.email, password: creds.password ?? DEMO_PASSWORD },
  });
  if (login.status !== 303 && login.status !== 302) throw new Error(`login answered ${login.status}`);
  const back = await browser.follow(login.location!, `${portal}/login`);
  const returned = new URL(back.url);
  const code = returned.searchParams.get('code');
  const state = returned.searchParams.get('state');
  if (!code || !state) throw new Error(`no code at ${back.url}`);
  return { code, state, authUrl };
}

/**
 * Presses Login: asks the portal's /auth for the provider's address and follows its redirects. Answers
 * the page the provider shows (`res`), or, when it sends the browser straight back, the portal's
 * `/login?code=…&state=…` address alone.
 */
export async function pressLogin(browser: Browser, portal: string): Promise<{ url: string; res?: BrowserResponse }> {
  const auth = await browser.get(
    `${portal}/api/staff/self-service/auth?redirect_uri=${encodeURIComponent(`${portal}/login`)}`,
  );
  return browser.follow(auth.json<{ url: string }>().url, `${portal}/login`);
}

/** Opens the provider's sign-in form from the portal's /auth; answers the URL the form posts to. */
export async function openSignInForm(browser: Browser, portal: string): Promise<string> {
  const page = await pressLogin(browser, portal);
  if (!page.res?.body.includes('<form')) throw new Error(`expected the sign-in page at ${page.url}`);
  return new URL(/action="([^"]+)"/.exec(page.res.body)![1]!, page.url).href;
}

/** Full sign-in: provider page, then process-authentication. Answers the `{ user }` body. */
export async function signIn(browser: Browser, portal: string, email: string, password?: string) {
  const { code, state } = await signInAtProvider(browser, portal, { email, password });
  const res = await browser.post(`${portal}/api/staff/self-service/process-authentication`, { code, state });
  if (res.status !== 200) throw new Error(`process-authentication answered ${res.status}: ${res.body}`);
  return res.json<{ user: { id: string; forename: string; surname: string; email_address: string } }>();
}

/** A browser signed in to the portal app at `portal` as `email` (the demo password unless given). */
export async function signedInBrowser(
  app: FastifyInstance,
  portal: string,
  email: string,
  password?: string,
): Promise<Browser> {
  const browser = new Browser({ [portal]: app });
  await signIn(browser, portal, email, password);
  return browser;
}
