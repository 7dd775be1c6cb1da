/**
 * Prometheus metrics as an operator meets them (docs/operations.md#monitoring): none unless configured,
 * and then behind a bearer token on the main port or on a port of their own; the request histogram
 * labelled by route pattern (never by an address a link token travels in), sign-in outcomes as the
 * audit log records them, and the delivery queue's depth.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Browser, signIn, signInAtProvider } from './helpers/browser.js';
import { freePort } from './helpers/free-port.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const TOKEN = 'metrics-token-'.padEnd(48, 'x');
/** A link token as the portal makes them: 43 URL-safe characters. */
const LINK_TOKEN = 'Zq3vN8rT1kLmP0wXyA7bC2dE5fG9hJ4sU6iO_-KtRe1';

/** The value of the sample `name{labels}` in an exposition, or undefined when it has none. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split('\n')) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const have = Object.fromEntries([...(match[2] ?? '').matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => have[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe.each(DATABASES)('metrics on %s', (kind) => {
  describe('with nothing configured', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    beforeAll(async () => {
      t = await createTestApp(kind, { seed: false });
    });
    afterAll(async () => t.dropAll());

    it('has no endpoint: /metrics answers the JSON 404, not the web page', async () => {
      for (const url of ['/metrics', '/metrics/', '/metrics/anything']) {
        const res = await t.app.inject({ url, headers: { authorization: `Bearer ${TOKEN}` } });
        expect(res.statusCode, url).toBe(404);
        expect(res.headers['content-type'], url).toMatch(/^application\/json/);
        expect(res.json(), url).toEqual({ errors: { message: `No such endpoint: GET ${url}` } });
      }
    });
  });

  describe('behind a bearer token on the main port', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    const scrape = () => t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
    beforeAll(async () => {
      t = await createTestApp(kind, { env: { METRICS_TOKEN: TOKEN } });
    });
    afterAll(async () => t.dropAll());

    it('refuses a scrape without the token or with a wrong one', async () => {
      for (const authorization of [undefined, 'Bearer wrong', `Bearer ${TOKEN}x`, `Basic ${TOKEN}`, TOKEN]) {
        const res = await t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });
        expect(res.statusCode, authorization).toBe(401);
        expect(res.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(res.body).not.toContain('http_request_duration_seconds');
      }
    });

    it('times each request by its route pattern, never by the address with its link token', async () => {
      const agreement = await t.app.inject({ url: `/api/staff/agreement/${LINK_TOKEN}` });
      expect(agreement.statusCode).toBe(404);
      await t.app.inject({ url: '/api/no-such-thing' });
      const res = await scrape();
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
      expect(res.headers['cache-control']).toBe('no-store');
      const route = { route: '/api/staff/agreement/:token', method: 'GET', status_code: '404' };
      expect(sample(res.body, 'http_request_duration_seconds_count', route)).toBe(1);
      expect(sample(res.body, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(1);
      expect(
        sample(res.body, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' }),
      ).toBeGreaterThanOrEqual(1);
      expect(res.body).not.toContain(LINK_TOKEN);
      expect(res.body).not.toContain('no-such-thing');
      // Process defaults, the event-loop lag among them.
      expect(sample(res.body, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
      expect(sample(res.body, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    });

    it('counts sign-ins by their outcome, as the audit log records them', async () => {
      const wrong = new Browser({ [PORTAL]: t.app });
      await expect(
        signInAtProvider(wrong, PORTAL, { email: 'sam.taylor@example.com', password: 'not the password' }),
      ).rejects.toThrow(/login answered 401/);
      await signIn(new Browser({ [PORTAL]: t.app }), PORTAL, 'sam.taylor@example.com');
      const text = (await scrape()).body;
      const events = (event: string, reason = '') => sample(text, 'staffroom_sign_in_events_total', { event, reason });
      expect(events('password.failed', 'wrong-password')).toBe(1);
      expect(events('password.succeeded')).toBe(1);
      expect(events('session-started')).toBe(1);
      expect(text).not.toContain('sam.taylor');
      expect(text).not.toContain('not the password');
    });

    it('reports the delivery queue: what is due, what is scheduled, how long the oldest has waited', async () => {
      const before = (await scrape()).body;
      const scheduled = sample(before, 'staffroom_delivery_queue_messages', { state: 'scheduled' })!;
      expect(scheduled).toBeGreaterThanOrEqual(0);
      expect(sample(before, 'staffroom_delivery_queue_messages', { state: 'due' })).toBeGreaterThanOrEqual(0);
      expect(sample(before, 'staffroom_delivery_queue_oldest_due_seconds')).toBeGreaterThanOrEqual(0);
      await t.app.services.deliveries.enqueue(t.app.database.db, {
        purpose: 'metrics-test',
        notBefore: new Date(Date.now() + 24 * 60 * 60_000),
        mail: { to: 'someone@example.com', subject: 'Later', text: 'Later' },
      });
      const after = (await scrape()).body;
      expect(sample(after, 'staffroom_delivery_queue_messages', { state: 'scheduled' })).toBe(scheduled + 1);
      const pool = sample(after, 'staffroom_db_pool_connections', { state: 'open' });
      if (kind === 'postgres') expect(pool).toBeGreaterThanOrEqual(1);
      else expect(pool).toBeUndefined();
    });
  });

  describe('on a port of their own', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await createTestApp(kind, { seed: false, env: { METRICS_PORT: String(port) } });
      await t.app.ready();
    });
    afterAll(async () => t.dropAll());

    it('serves them there on loopback, without a token, and not on the main port', async () => {
      await t.app.inject({ url: '/api/no-such-thing' });
      const res = await fetch(`http://127.0.0.1:${port}/metrics`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
      const text = await res.text();
      expect(sample(text, 'http_request_duration_seconds_count', { route: 'unmatched' })).toBeGreaterThanOrEqual(1);
      expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(404);
      expect((await fetch(`http://127.0.0.1:${port}/api/staff/self-service/me`)).status).toBe(404);
      const main = await t.app.inject({ url: '/metrics' });
      expect(main.statusCode).toBe(404);
      expect(main.json()).toEqual({ errors: { message: 'No such endpoint: GET /metrics' } });
    });
  });

  describe('on a port of their own with a token', () => {
    let t: Awaited<ReturnType<typeof createTestApp>>;
    let port: number;
    beforeAll(async () => {
      port = await freePort();
      t = await createTestApp(kind, { seed: false, env: { METRICS_PORT: String(port), METRICS_TOKEN: TOKEN } });
      await t.app.ready();
    });
    afterAll(async () => t.dropAll());

    it('wants the token there too, and leaves the main port without metrics', async () => {
      expect((await fetch(`http://127.0.0.1:${port}/metrics`)).status).toBe(401);
      const res = await fetch(`http://127.0.0.1:${port}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('# TYPE http_request_duration_seconds histogram');
      const main = await t.app.inject({ url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } });
      expect(main.statusCode).toBe(404);
    });
  });
});
