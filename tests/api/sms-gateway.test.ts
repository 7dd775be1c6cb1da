/**
 * Text messages through an HTTP SMS gateway (`SMS_GATEWAY_URL`), here a stand-in gateway on a loopback
 * port that records what it is sent: a member's two-factor code arrives as the gateway's JSON with the
 * number in E.164, the bearer token and an idempotency key, and a gateway that refuses gives the member
 * the 502 message and is not sent that code later.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signedInBrowser } from './helpers/browser.js';
import { initiate, PORTAL, verify } from './helpers/step-up.js';
import { createTestApp } from './helpers/test-app.js';

const TOKEN = 'gateway-token-for-tests';

describe('SMS through an HTTP gateway', () => {
  const received: {
    authorization?: string;
    idempotencyKey?: string;
    body: { to: string; from: string; text: string };
  }[] = [];
  let status = 200;
  let gateway: http.Server;
  let t: Awaited<ReturnType<typeof createTestApp>>;

  beforeAll(async () => {
    gateway = http.createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (status === 200)
          received.push({
            authorization: req.headers.authorization,
            idempotencyKey: req.headers['idempotency-key'] as string | undefined,
            body: JSON.parse(body),
          });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    });
    await new Promise<void>((r) => gateway.listen(0, '127.0.0.1', r));
    const { port } = gateway.address() as AddressInfo;
    t = await createTestApp('pglite', {
      env: { SMS_GATEWAY_URL: `http://127.0.0.1:${port}/messages`, SMS_GATEWAY_TOKEN: TOKEN, SMS_FROM: 'LanternInn' },
    });
  });
  afterAll(async () => {
    await t?.dropAll();
    await new Promise((r) => gateway.close(r));
  });

  it('sends the code to the gateway, which the member then verifies', async () => {
    const b = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const { challenge, sentTo } = await initiate(b, 2);
    expect(sentTo).toBe('*******0456');
    expect(received).toHaveLength(1);
    expect(received[0]!.authorization).toBe(`Bearer ${TOKEN}`);
    expect(received[0]!.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    expect(received[0]!.body).toMatchObject({ to: '+447700900456', from: 'LanternInn' });
    const code = /\b(\d{6})\b/.exec(received[0]!.body.text)![1]!;
    expect((await verify(b, challenge, code)).status).toBe(200);
  });

  it('answers 502 with the product message when the gateway refuses', async () => {
    status = 503;
    const b = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    const methods = (await b.get(`${PORTAL}/api/bouncer/tfa/my-methods?page=1&include=type`)).json().data as {
      id: string;
      type: { id: number };
    }[];
    const phone = methods.find((m) => m.type.id === 2)!;
    const res = await b.post(`${PORTAL}/api/bouncer/tfa-logged-in/initiate/${phone.id}`);
    expect(res.status).toBe(502);
    expect(res.json().errors.message).toBe(
      'We could not send the code just now. Please try again, or choose another way.',
    );
    // The gateway is back: the code the member was told failed is not sent after all.
    status = 200;
    const before = received.length;
    expect((await t.app.services.deliveries.deliverDue({ now: new Date(Date.now() + 60 * 60_000) })).sent).toBe(0);
    expect(received).toHaveLength(before);
  });
});
