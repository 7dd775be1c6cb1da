/**
 * A member cannot fill the disk: uploads count against a daily quota per member (UPLOAD_MB_PER_DAY),
 * across every upload route and every instance; past it a clear 429, and a refused upload uses none of it.
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UPLOAD_QUOTA_MESSAGE } from '@server/modules/files/service.js';
import { dataUrl, simplePdf } from '../support/fixtures.js';
import { signedInBrowser } from './helpers/browser.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const PORTAL = 'http://localhost:3000';
const FILE = `${PORTAL}/api/staff/self-service/file`;

/** A PNG of random pixels: about 600 KB that no compression shrinks. */
const noisePng = () =>
  sharp(randomBytes(400 * 500 * 3), { raw: { width: 400, height: 500, channels: 3 } })
    .png()
    .toBuffer();

describe.each(DATABASES)('upload quota on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { UPLOAD_MB_PER_DAY: '1' } });
  });
  afterAll(async () => {
    await t.dropAll();
  });

  it('refuses an upload past the day’s quota with 429, and counts only what it accepted', async () => {
    const sam = await signedInBrowser(t.app, PORTAL, 'sam.taylor@example.com');
    const upload = async (bytes: Uint8Array, type: string, filename: string) =>
      sam.post(FILE, { file_data: dataUrl(type, bytes), filename, bucket: 'documents' });
    const first = await noisePng();
    expect(first.byteLength).toBeGreaterThan(550_000);
    expect((await upload(first, 'image/png', 'first.png')).status).toBe(200);

    const second = await upload(await noisePng(), 'image/png', 'second.png');
    expect(second.status).toBe(429);
    expect(second.json()).toEqual({ errors: { message: UPLOAD_QUOTA_MESSAGE, code: 'TOO_MANY_REQUESTS' } });
    // The refused upload used nothing: a small one still fits.
    expect(
      (await upload(await simplePdf('Certificate of motor insurance'), 'application/pdf', 'insurance.pdf')).status,
    ).toBe(200);

    // Each member has their own quota.
    const jamie = await signedInBrowser(t.app, PORTAL, 'jamie.patel@example.com');
    expect(
      (
        await jamie.post(FILE, {
          file_data: dataUrl('image/png', await noisePng()),
          filename: 'mine.png',
          bucket: 'documents',
        })
      ).status,
    ).toBe(200);
  });
});
