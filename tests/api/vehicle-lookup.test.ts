/**
 * The DVLA and DVSA adapter against stand-in services on a real port (their documented request and
 * answer shapes), so the production path is exercised without the government APIs.
 */
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { governmentLookup } from '@server/lib/vehicle-lookup.js';

describe('government vehicle lookup', () => {
  const seen: { path: string; headers: Record<string, unknown>; body: unknown }[] = [];
  const server = Fastify();
  let base = '';

  beforeAll(async () => {
    server.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_r, body, done) =>
      done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    server.post('/dvla', async (req, reply) => {
      seen.push({ path: '/dvla', headers: req.headers, body: req.body });
      const reg = (req.body as { registrationNumber: string }).registrationNumber;
      if (reg === 'MISSING1') return reply.code(404).send({ errors: [{ status: '404' }] });
      if (reg === 'BROKEN1') return reply.code(500).send({});
      return { registrationNumber: reg, make: 'SKODA', colour: 'BLACK', fuelType: 'PETROL', motStatus: 'Valid' };
    });
    server.post('/token', async (req) => {
      seen.push({ path: '/token', headers: req.headers, body: req.body });
      return { access_token: 'token-1', expires_in: 3600, token_type: 'Bearer' };
    });
    server.get('/mot/:reg', async (req) => {
      seen.push({ path: '/mot', headers: req.headers, body: null });
      return {
        registration: (req.params as { reg: string }).reg,
        model: 'OCTAVIA',
        motTests: [
          { completedDate: '2025-05-01T10:00:00.000Z', testResult: 'PASSED', expiryDate: '2026-04-30' },
          { completedDate: '2026-05-02T09:30:00.000Z', testResult: 'FAILED', expiryDate: null },
        ],
      };
    });
    await server.listen({ host: '127.0.0.1', port: 0 });
    const address = server.server.address();
    base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(() => server.close());

  const lookup = () =>
    governmentLookup({
      mode: 'government',
      dvla: { apiKey: 'dvla-key', url: `${base}/dvla` },
      mot: {
        apiKey: 'mot-key',
        url: `${base}/mot`,
        clientId: 'client',
        clientSecret: 'secret',
        tokenUrl: `${base}/token`,
        scope: 'scope',
      },
    });

  it('combines DVLA details with the latest MOT test', async () => {
    const l = lookup();
    const details = await l.lookup('SK21ODA');
    expect(details).toEqual({
      make: 'SKODA',
      model: 'OCTAVIA',
      colour: 'BLACK',
      fuelType: 'PETROL',
      mot: { dateCompleted: '2026-05-02', expiryDate: null, passed: false },
    });
    expect(seen.find((s) => s.path === '/dvla')!.headers['x-api-key']).toBe('dvla-key');
    const mot = seen.find((s) => s.path === '/mot')!;
    expect(mot.headers.authorization).toBe('Bearer token-1');
    expect(mot.headers['x-api-key']).toBe('mot-key');
    expect(seen.find((s) => s.path === '/token')!.body).toMatchObject({
      grant_type: 'client_credentials',
      client_id: 'client',
    });
    // The token is reused while valid.
    await l.lookup('SK21ODB');
    expect(seen.filter((s) => s.path === '/token')).toHaveLength(1);
  });

  it('answers unknown for a registration DVLA does not know, and throws when it fails', async () => {
    expect((await lookup().lookup('MISSING1')).make).toBe('Unknown');
    await expect(lookup().lookup('BROKEN1')).rejects.toThrow('DVLA lookup failed (500)');
  });
});
