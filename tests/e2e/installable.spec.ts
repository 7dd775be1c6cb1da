/**
 * Staffroom can be put on a home screen (docs/product.md#installing-the-app): Chromium's own
 * installability check finds nothing missing, and the brand's manifest and every icon it and the page
 * name are there, of the size, purpose and type they say. The offline card and the update reload
 * keep their own specs (offline-discount-card, service-worker-update).
 */
import sharp from 'sharp';
import { expect, test, waitForServiceWorkerControl } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

interface ManifestIcon {
  src: string;
  sizes: string;
  type: string;
  purpose: string;
}

/** Side, format and whether every pixel is opaque, of an image's bytes. */
async function imageOf(bytes: Buffer): Promise<{ size: string; format?: string; opaque: boolean }> {
  const { width, height, format } = await sharp(bytes).metadata();
  const { isOpaque } = await sharp(bytes).stats();
  return { size: `${width}x${height}`, format, opaque: isOpaque };
}

test('Chromium finds the app installable from the sign-in page', async ({ page }) => {
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await waitForServiceWorkerControl(page);
  const cdp = await page.context().newCDPSession(page);
  const { errors } = await cdp.send('Page.getAppManifest');
  expect(errors, 'the manifest as Chromium parsed it').toEqual([]);
  const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
  // A test's browser context is off the record, which alone keeps Chromium from offering to install.
  expect(installabilityErrors.filter(({ errorId }) => errorId !== 'in-incognito')).toEqual([]);
});

test('the manifest, its icons, the tab and home-screen icons are the brand’s, as named', async ({ page, request }) => {
  await page.goto('/login');
  expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
  expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe('/apple-touch-icon.png');
  expect(await page.locator('link[rel="icon"]').getAttribute('href')).toBe('/favicon.ico');

  const answer = await request.get('/manifest.webmanifest');
  expect(answer.headers()['content-type']).toMatch(/^application\/manifest\+json/);
  const manifest = (await answer.json()) as Record<string, unknown> & { icons: ManifestIcon[] };
  expect(manifest).toMatchObject({
    name: 'Lantern Inns Staffroom',
    short_name: 'Staffroom',
    start_url: '/dashboard',
    scope: '/',
    display: 'standalone',
    theme_color: '#1f3a5f',
    background_color: '#f6f4ef',
  });
  expect(manifest.icons.map(({ sizes, purpose }) => `${sizes} ${purpose}`).sort()).toEqual([
    '192x192 any',
    '192x192 maskable',
    '512x512 any',
    '512x512 maskable',
  ]);
  for (const icon of manifest.icons) {
    const file = await request.get(icon.src);
    expect(file.status(), icon.src).toBe(200);
    expect(file.headers()['content-type'], icon.src).toBe(icon.type);
    const image = await imageOf(await file.body());
    expect([image.size, image.format], icon.src).toEqual([icon.sizes, 'png']);
    // A maskable icon is cut to the launcher's shape, so it is full bleed; a plain one has rounded corners.
    expect(image.opaque, icon.src).toBe(icon.purpose === 'maskable');
  }

  const touch = await request.get('/apple-touch-icon.png');
  expect(touch.headers()['content-type']).toBe('image/png');
  // iOS fills a transparent corner with black: the icon is opaque.
  expect(await imageOf(await touch.body())).toEqual({ size: '180x180', format: 'png', opaque: true });

  const favicon = await request.get('/favicon.ico');
  expect(favicon.headers()['content-type']).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)/);
  const ico = await favicon.body();
  // ICONDIR: reserved 0, type 1 (icon), then one 16-byte entry per image: side, ..., length, offset.
  expect([ico.readUInt16LE(0), ico.readUInt16LE(2)]).toEqual([0, 1]);
  const sides: string[] = [];
  for (let index = 0; index < ico.readUInt16LE(4); index++) {
    const entry = 6 + 16 * index;
    const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
    const image = await imageOf(png);
    expect(image.size).toBe(`${ico[entry]}x${ico[entry + 1]}`);
    sides.push(image.size);
  }
  expect(sides).toEqual(['16x16', '32x32', '48x48']);
});
