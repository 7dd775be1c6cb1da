/**
 * Team discount through the API (docs/product.md#team-discount): the card needs a selfie; the code and QR; the till's
 * check with a venue key (current, expired, forged, another member's); keys and XSRF.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCommand } from '@server/cli/run-command.js';
import { staff } from '@server/db/schema.js';
import { discountCode, discountKey, discountWindow } from '@server/modules/team-discount/code.js';
import { dataUrl, jpegWithExif } from '../support/fixtures.js';
import { Browser, signedInBrowser } from './helpers/browser.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES, type TestApp } from './helpers/test-app.js';

const api = (p: string) => `${PORTAL}/api${p}`;

describe.each(DATABASES)('team discount on %s', (kind) => {
  let t: TestApp & { dataDir: string; dropAll(): Promise<void> };
  let tillKey: string;
  const till = (code: unknown, key = tillKey) =>
    t.app.inject({
      method: 'POST',
      url: '/api/discount/verify',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ code }),
    });
  const signedIn = (email: string) => signedInBrowser(t.app, PORTAL, email);

  beforeAll(async () => {
    t = await createTestApp(kind);
    const created = await runCommand({
      services: t.app.services,
      name: 'till-key create',
      options: { venue: 'The Lantern, Leeds' },
    });
    expect(created.exitCode).toBe(0);
    tillKey = created.lines.at(-1)!;
    expect(tillKey).toMatch(/^till_[A-Za-z0-9_-]{43}$/);
  });
  afterAll(() => t.dropAll());

  it('asks for a selfie first, then shows the card with a QR code of the code', async () => {
    const b = await signedIn('riley.evans@example.com');
    const none = await b.get(api('/staff/self-service/staff-discount-status'));
    expect(none.status).toBe(409);
    // The web knows the missing selfie by its code; the text is docs/product.md's, unchanged.
    expect(none.json().errors).toEqual({
      message: 'You need to upload a selfie before activating staff discount',
      code: 'SELFIE_REQUIRED',
    });

    expect(
      (await b.post(api('/staff/self-service/image'), { image_data: dataUrl('image/jpeg', await jpegWithExif()) }))
        .status,
    ).toBe(200);
    const res = await b.get(api('/staff/self-service/staff-discount-status'));
    expect(res.status).toBe(200);
    const card = res.json().data;
    expect(card).toMatchObject({ name: 'Riley Evans', location: 'The Lantern, York', position: 'Food Runner' });
    expect(card.code).toMatch(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/);
    expect(card.qr).toMatch(/^data:image\/png;base64,/);
    const window = discountWindow(new Date(), 24 * 3600 * 1000);
    expect(card.expires).toBe(window.end.toISOString());
    // The selfie address works without the session, briefly.
    const selfie = await new Browser({ [PORTAL]: t.app }).get(`${PORTAL}${card.selfie}`);
    expect(selfie.status).toBe(200);
    expect(selfie.headers['content-type']).toBe('image/jpeg');

    // The till recognises it, with the under-18 flag.
    const checked = await till(card.code);
    expect(checked.statusCode).toBe(200);
    expect(checked.json().data).toMatchObject({
      valid: true,
      name: 'Riley Evans',
      location: 'The Lantern, York',
      under_18: true,
      age: 17,
    });
    expect(checked.json().data.selfie).toMatch(/^http:\/\/localhost:3000\/api\/rest\/file\/content\//);
  });

  it('refuses earlier, forged and other members’ codes at the till', async () => {
    const key = discountKey(t.app.services.appSecret);
    const [riley] = await t.app.database.db
      .select()
      .from(staff)
      .where(eq(staff.emailAddress, 'riley.evans@example.com'));
    const [sam] = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    const { index } = discountWindow(new Date(), 24 * 3600 * 1000);
    expect((await till(discountCode(key, riley!.staffNumber, index - 1))).json().data).toEqual({
      valid: false,
      reason: 'expired',
    });
    expect((await till(discountCode(key, riley!.staffNumber, index - 5))).json().data).toEqual({
      valid: false,
      reason: 'not_recognised',
    });
    const rileyMac = discountCode(key, riley!.staffNumber, index).split('-')[1];
    expect((await till(`${sam!.staffNumber}-${rileyMac}`)).json().data).toEqual({
      valid: false,
      reason: 'not_recognised',
    });
    expect((await till('12-ABCDEFGH')).json().data).toEqual({ valid: false, reason: 'not_recognised' });
    expect((await till(42)).statusCode).toBe(400);
  });

  it('lets only tills with a key check codes, and needs no XSRF token from them', async () => {
    expect((await till('1-ABCDEFGH', 'till_' + 'x'.repeat(43))).statusCode).toBe(403);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/discount/verify',
      headers: { 'content-type': 'application/json' },
      payload: '{"code":"1-ABCDEFGH"}',
    });
    expect(none.statusCode).toBe(403);
    expect(none.json().errors).toEqual({
      message: 'This till key is not valid. Ask HR for a new one.',
      code: 'TILL_KEY_INVALID',
    });
    const unknownVenue = await runCommand({
      services: t.app.services,
      name: 'till-key create',
      options: { venue: 'The Moon' },
    });
    expect(unknownVenue.error).toBe('No venue is called "The Moon".');

    // A lost till's key is revoked and stops working.
    const spare = await runCommand({
      services: t.app.services,
      name: 'till-key create',
      options: { venue: 'The Lantern, York' },
    });
    const spareKey = spare.lines.at(-1)!;
    const spareId = /till key ([0-9a-f-]{36})/.exec(spare.lines[0]!)![1]!;
    expect((await till('1-ABCDEFGH', spareKey)).statusCode).toBe(200);
    expect(
      (await runCommand({ services: t.app.services, name: 'till-key revoke', options: { keyId: spareId } })).exitCode,
    ).toBe(0);
    expect((await till('1-ABCDEFGH', spareKey)).statusCode).toBe(403);
    expect(
      (await runCommand({ services: t.app.services, name: 'till-key revoke', options: { keyId: spareId } })).error,
    ).toContain('No working till key');
  });

  it('needs a signed-in member for the card', async () => {
    const anon = await t.app.inject({ method: 'GET', url: '/api/staff/self-service/staff-discount-status' });
    expect(anon.statusCode).toBe(403);
    expect(anon.json().errors).toEqual({ message: 'You are not signed in.', code: 'NOT_SIGNED_IN' });
  });
});
