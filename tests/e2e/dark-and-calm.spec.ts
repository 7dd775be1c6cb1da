/**
 * Dark and calm (docs/product.md#colour-schemes): the pages follow the device's dark setting, a
 * choice in the menu overrides it on this device, axe finds nothing in either scheme, the discount
 * card's QR code keeps its light quiet zone so a till scans it from a dark screen, reduced motion
 * stops the menu's slide, and the phone screenshots in dark are taken to be looked at.
 */
import type { Browser, Page } from '@playwright/test';
import jsqr from 'jsqr';
import sharp from 'sharp';
import { createStaff, inviteJoiner, PASSWORD } from './console-steps.js';
import {
  docScreenshot,
  expect,
  expectAccessible,
  expectNoSideScroll,
  signInThroughProvider,
  takeSelfieFromDiscountCard,
  test,
} from './fixtures.js';

const PHONE = { width: 390, height: 844 };

/** jsqr is CommonJS whose types say `export default`: loaded as a module, the function is its `default`. */
type DecodeQr = typeof jsqr.default;
const decodeQr: DecodeQr = (jsqr as unknown as { default?: DecodeQr }).default ?? (jsqr as unknown as DecodeQr);

/** The page's background colour as drawn. */
const pageBackground = (page: Page) => page.evaluate('getComputedStyle(document.body).backgroundColor');

/** A signed-in member with a selfie (so the discount card shows) on a phone of `scheme`. */
async function memberWithCard(browser: Browser, scheme: 'light' | 'dark'): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: scheme, reducedMotion: 'reduce' });
  const page = await context.newPage();
  const email = await createStaff('Mira', `Dark${scheme}${Date.now().toString(36)}`, 'The Lantern, Leeds', [
    '--position',
    'Barista',
    '--date-of-birth',
    '1995-03-03',
  ]);
  await signInThroughProvider(page, email, PASSWORD);
  await page.goto('/team-discount');
  await takeSelfieFromDiscountCard(page);
  return page;
}

for (const scheme of ['dark', 'light'] as const) {
  test(`axe finds nothing on the staff and joiner pages in the ${scheme} scheme`, async ({ browser }) => {
    test.setTimeout(180_000);
    const page = await memberWithCard(browser, scheme);
    // The card page first: it is where the member landed.
    await expect(page.getByRole('img', { name: 'Team discount QR code' })).toBeVisible();
    await expectAccessible(page, `team discount (${scheme})`);
    for (const [path, ready] of [
      ['/dashboard', 'Useful Information'],
      ['/my-details', 'My Information'],
      ['/vehicle-management', 'My Vehicles'],
      ['/team-apps', 'Team apps'],
      ['/survey/6', 'Atmosphere audit'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByText(ready).first()).toBeVisible();
      await page.waitForLoadState('networkidle');
      await expectAccessible(page, `${path} (${scheme})`);
    }
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.getByRole('group', { name: 'Colour scheme' })).toBeVisible();
    await expectAccessible(page, `the menu (${scheme})`);
    await page.keyboard.press('Escape');

    await page.goto('/logout');
    await page.waitForURL('**/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await expectAccessible(page, `sign-in (${scheme})`);

    await page.goto((await inviteJoiner(scheme === 'dark' ? 'Ada' : 'Lia', 'Okafor')).path);
    await expect(page.getByRole('button', { name: 'Continue' })).toBeVisible();
    await expectAccessible(page, `onboarding details (${scheme})`);
    await page.context().close();
  });
}

test('the discount card in the dark keeps a light quiet zone, and a screenshot of it scans to the code shown', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await memberWithCard(browser, 'dark');
  const card = page.getByRole('article');
  const qr = card.getByRole('img', { name: 'Team discount QR code' });
  await expect(qr).toBeVisible();
  // The page is drawn dark: not a light page with a dark card.
  expect(await pageBackground(page)).toBe('rgb(16, 22, 31)');
  const shown = (await card.getByText(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/).textContent())!;

  // What a till's camera sees: the card as drawn on the phone.
  await card.scrollIntoViewIfNeeded();
  const cardBox = (await card.boundingBox())!;
  const quietBox = (await qr.locator('..').boundingBox())!;
  const { data, info } = await sharp(await card.screenshot())
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const found = decodeQr(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
  expect(found?.data, 'the QR code read from the screenshot').toBe(shown);

  // Four modules of light on every side (ISO/IEC 18004), measured from the code's own corners.
  const { topLeftCorner, topRightCorner, bottomLeftCorner } = found!.location;
  const scale = info.width / cardBox.width;
  const modules = 17 + 4 * found!.version;
  const module = (topRightCorner.x - topLeftCorner.x) / modules;
  const light = {
    left: topLeftCorner.x - (quietBox.x - cardBox.x) * scale,
    top: topLeftCorner.y - (quietBox.y - cardBox.y) * scale,
    right: (quietBox.x + quietBox.width - cardBox.x) * scale - topRightCorner.x,
    bottom: (quietBox.y + quietBox.height - cardBox.y) * scale - bottomLeftCorner.y,
  };
  for (const [side, px] of Object.entries(light))
    expect(px / module, `quiet zone on the ${side}, in modules`).toBeGreaterThanOrEqual(3.9);
  // And that margin is white as drawn, not just laid out: the quiet box's corners.
  const pixel = (x: number, y: number) => {
    const at = (Math.round(y * scale) * info.width + Math.round(x * scale)) * 4;
    return [...data.subarray(at, at + 3)];
  };
  for (const [x, y] of [
    [quietBox.x + 2, quietBox.y + 6],
    [quietBox.x + quietBox.width - 3, quietBox.y + quietBox.height - 7],
  ])
    expect(pixel(x! - cardBox.x, y! - cardBox.y)).toEqual([255, 255, 255]);

  await expectNoSideScroll(page, 'the discount card in the dark');
  // As a member opens it at the till: from the top, without the selfie step's notice.
  await page.reload();
  await expect(qr).toBeVisible();
  await docScreenshot(page, 'dark-team-discount-phone');
  await page.context().close();
});

test('the menu’s colour scheme overrides the device on this device, until System is chosen again', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto('/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await pageBackground(page)).toBe('rgb(16, 22, 31)');

  const email = await createStaff('Owen', `Scheme${Date.now().toString(36)}`, 'The Lantern, Leeds');
  await signInThroughProvider(page, email, PASSWORD);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const scheme = page.getByRole('group', { name: 'Colour scheme' });
  await expect(scheme.getByRole('button', { name: 'System' })).toHaveAttribute('aria-pressed', 'true');
  await scheme.getByRole('button', { name: 'Light' }).click();
  await expect.poll(() => pageBackground(page)).toBe('rgb(246, 244, 239)');
  await page.reload();
  await expect(page.getByText('Useful Information')).toBeVisible();
  expect(await pageBackground(page)).toBe('rgb(246, 244, 239)');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await scheme.getByRole('button', { name: 'System' }).click();
  await expect.poll(() => pageBackground(page)).toBe('rgb(16, 22, 31)');
  await context.close();
});

test('reduced motion: the menu opens without sliding, and slides when motion is welcome', async ({ browser }) => {
  for (const reducedMotion of ['reduce', 'no-preference'] as const) {
    const context = await browser.newContext({ viewport: PHONE, reducedMotion });
    const page = await context.newPage();
    const email = await createStaff(
      'Cal',
      `Motion${reducedMotion.slice(0, 2)}${Date.now().toString(36)}`,
      'The Lantern, Leeds',
    );
    await signInThroughProvider(page, email, PASSWORD);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(page.locator('#side-menu .MuiDrawer-paper')).toBeVisible();
    // A string, because the tests are typed without the DOM library.
    const duration = await page.evaluate(
      'getComputedStyle(document.querySelector("#side-menu .MuiDrawer-paper")).transitionDuration',
    );
    if (reducedMotion === 'reduce') expect(duration).toBe('0s');
    else expect(duration).not.toBe('0s');
    await context.close();
  }
});

test('onboarding details and the dashboard in the dark at phone size, for looking at', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: PHONE, colorScheme: 'dark' });
  const page = await context.newPage();
  await page.goto((await inviteJoiner('Ife', 'Okafor')).path);
  await expect(page.getByRole('heading', { name: 'Hi Ife' })).toBeVisible();
  await expectNoSideScroll(page, 'onboarding details in the dark');
  await docScreenshot(page, 'dark-onboard-details-phone');

  const email = await createStaff('Zoe', `Night${Date.now().toString(36)}`, 'The Lantern, Leeds');
  await signInThroughProvider(page, email, PASSWORD);
  await expect(page.getByText('Useful Information')).toBeVisible();
  await page.waitForLoadState('networkidle');
  await docScreenshot(page, 'dark-dashboard-phone');
  await context.close();
});
