/**
 * Request ids (docs/operations.md#request-ids): every answer carries one in `X-Request-Id`, and the
 * request's log line carries the same as `reqId`. A proxy's id is kept only from a proxy TRUST_PROXY
 * trusts, and only when it looks like an id; a client's own is replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog } from './helpers/log-capture.js';
import { createTestApp } from './helpers/test-app.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe('request ids from a client no proxy stands in front of', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const log = captureLog();
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false, logger: true, logStream: log.stream, env: { LOG_LEVEL: 'info' } });
  });
  afterAll(async () => t.dropAll());

  it("answers a new id, not the client's, and logs the request under it", async () => {
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': 'chosen-by-client' } });
    expect(res.statusCode).toBe(404);
    const id = res.headers['x-request-id'];
    expect(id).toMatch(UUID);
    const other = await t.app.inject({ url: '/api/no-such-thing' });
    expect(other.headers['x-request-id']).toMatch(UUID);
    expect(other.headers['x-request-id']).not.toBe(id);
    await new Promise((resolve) => setImmediate(resolve));
    const line = log.lines().find((entry) => entry.msg === 'request completed' && entry.reqId === id);
    expect(line).toMatchObject({ req: { method: 'GET', url: '/api/no-such-thing' }, res: { statusCode: 404 } });
    expect(log.text()).not.toContain('chosen-by-client');
  });
});

describe('request ids through a trusted proxy', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  const log = captureLog();
  beforeAll(async () => {
    // inject's requests come from 127.0.0.1, which TRUST_PROXY=1 trusts as the nearest hop.
    t = await createTestApp('pglite', {
      seed: false,
      logger: true,
      logStream: log.stream,
      env: { LOG_LEVEL: 'info', TRUST_PROXY: '1' },
    });
  });
  afterAll(async () => t.dropAll());

  it("keeps the proxy's id, answers it and logs the request under it", async () => {
    const id = 'edge-7f3a.b_9';
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': id } });
    expect(res.headers['x-request-id']).toBe(id);
    await new Promise((resolve) => setImmediate(resolve));
    expect(log.lines().filter((entry) => entry.reqId === id && entry.msg === 'request completed')).toHaveLength(1);
  });

  it('replaces an id that does not look like one', async () => {
    for (const id of ['has spaces', 'x'.repeat(129), 'line\\nbreak', 'quote"d', '']) {
      const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], id).toMatch(UUID);
    }
  });

  it('answers the id on pages written past Fastify too (the sign-in provider)', async () => {
    const res = await t.app.inject({
      url: '/oidc/.well-known/openid-configuration',
      headers: { 'x-request-id': 'provider-call' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-request-id']).toBe('provider-call');
  });
});

describe('request ids with a list of trusted proxies', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  afterAll(async () => t?.dropAll());

  it('keeps the id only when the nearest hop is on the list', async () => {
    t = await createTestApp('pglite', { seed: false, env: { TRUST_PROXY: '10.0.0.0/8' } });
    const res = await t.app.inject({ url: '/api/no-such-thing', headers: { 'x-request-id': 'from-nginx' } });
    expect(res.headers['x-request-id']).toMatch(UUID);
    const proxied = await t.app.inject({
      url: '/api/no-such-thing',
      headers: { 'x-request-id': 'from-nginx' },
      remoteAddress: '10.1.2.3',
    });
    expect(proxied.headers['x-request-id']).toBe('from-nginx');
  });
});
