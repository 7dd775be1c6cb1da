/**
 * The in-app document viewer at phone size (docs/product.md#vehicles, 'View document'; issue 13 items 8
 * and 9): a vehicle's insurance PDF opens in a full-screen dialog drawn by pdf.js at 100 %, pans
 * sideways, fits the width and back, zooms in, pinches, downloads and closes, without a new window; a picture opens as an image. With
 * SCREENSHOTS=1 the viewer is captured into docs/screenshots.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import sharp from 'sharp';
import { simplePdf } from '../support/fixtures.js';
import { admin, lastMailTo, linkIn } from './admin.js';
import { docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';
import { departure } from './departures.js';

// A phone: its size, and touch for the pinch.
test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

async function newMember(): Promise<string> {
  const email = `viewer.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Vera',
    '--surname',
    'Quinn',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Driver',
  );
  return email;
}

/** A photographed certificate: a 1200 × 800 PNG with a heading on it. */
async function certificatePng(): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="800"><rect width="1200" height="800" fill="#fdf6e3"/><rect x="40" y="40" width="1120" height="720" fill="none" stroke="#333" stroke-width="6"/><text x="80" y="160" font-family="sans-serif" font-size="64" fill="#222">Certificate of motor insurance</text><text x="80" y="260" font-family="sans-serif" font-size="40" fill="#444">Business class 2 · LS21BAR</text></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

const widthOf = async (element: Locator) => (await element.boundingBox())?.width ?? 0;

/** The box holds a document wider than itself, and one finger moves it sideways there (CSS `touch-action`). */
async function expectPansSideways(box: Locator): Promise<void> {
  const { scrollWidth, clientWidth } = await box.evaluate((el) => {
    const { scrollWidth, clientWidth } = el as unknown as { scrollWidth: number; clientWidth: number };
    return { scrollWidth, clientWidth };
  });
  expect(scrollWidth).toBeGreaterThan(clientWidth);
  await expect(box).toHaveCSS('touch-action', 'pan-x pan-y');
}

/** Pinches two fingers apart from `from` to `to` px each side of the element's centre (Chromium's touch input). */
async function pinchOut(page: Page, element: Locator, from: number, to: number): Promise<void> {
  const box = (await element.boundingBox())!;
  const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
  const fingers = (d: number) => [
    { x: x - d, y, id: 0 },
    { x: x + d, y, id: 1 },
  ];
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: fingers(from) });
  for (let step = 1; step <= 4; step++) {
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchMove',
      touchPoints: fingers(from + ((to - from) * step) / 4),
    });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

test('an insurance PDF opens in the app: drawn, zoomed in, fitted to the width, pinched, downloaded, closed; a picture opens as an image', async ({
  page,
}) => {
  test.info().annotations.push(departure('in-app-document-viewer'));
  // Sign-in, two uploads through the modals and two documents drawn: like the vehicles journey, it
  // gets two minutes so that a loaded machine stays under a third of it.
  test.setTimeout(120_000);
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const pdf = path.join(dir, 'motor-insurance.pdf');
  await fs.writeFile(pdf, await simplePdf('Certificate of motor insurance: business class 2', 2));
  const png = path.join(dir, 'certificate.png');
  await fs.writeFile(png, await certificatePng());

  await signInThroughProvider(page, await newMember(), 'Welcome2026');
  await page.goto('/vehicle-management');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog', { name: 'Add Vehicle' });
  await add.getByLabel('Registration').fill('LS21 BAR');
  await add.getByLabel('Upload Insurance document').setInputFiles(pdf);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  // Read and put away, as a member would before looking at the document.
  await page
    .getByRole('alert')
    .filter({ hasText: 'has been added to your vehicles' })
    .getByRole('button', { name: 'Close' })
    .click();

  // No new window: the document opens over the page.
  let popups = 0;
  page.on('popup', () => popups++);
  await page.getByRole('button', { name: 'View document' }).click();
  const viewer = page.getByRole('dialog', { name: 'Insurance document' });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('LS21BAR · motor-insurance.pdf')).toBeVisible();
  const document = viewer.getByRole('region', { name: /motor-insurance\.pdf/ });
  // pdf.js hides a page's canvas until it is drawn.
  const firstPage = document.locator('canvas').first();
  await expect(firstPage).toBeVisible();
  await expect(document.locator('canvas')).toHaveCount(2);
  // Opened at 100 % (docs/product.md#documents, viewers): an A4 page is 595 px wide, wider than the
  // phone, and pans sideways inside the box, not the page.
  const toolbar = viewer.getByRole('toolbar', { name: /^Zoom/ });
  const scale = toolbar.getByRole('status');
  await expect(scale).toHaveText('100%');
  expect(Math.round(await widthOf(firstPage))).toBe(595);
  await expectPansSideways(document);
  await expectNoSideScroll(page, 'the document viewer');
  for (const name of ['Zoom out', 'Zoom in', 'Fit to width']) {
    // WCAG 2.5.8, and the app's 44 px for a thumb.
    expect((await toolbar.getByRole('button', { name }).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await docScreenshot(page, 'document-viewer-phone');

  // Fit to width is one tap away, and one more goes back to 100 %; taps, as a phone sends them (a tap
  // shows no tooltip over the page).
  const fit = toolbar.getByRole('button', { name: 'Fit to width' });
  await fit.tap();
  await expect(fit).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(() => widthOf(firstPage)).toBeLessThan(390);
  const fitted = await widthOf(firstPage);
  // The page takes the phone's width, less the box's margins.
  expect(fitted).toBeGreaterThan(340);
  await expect(scale).toHaveText(/^\d+%$/);
  const fittedScale = await scale.innerText();
  await fit.tap();
  await expect(scale).toHaveText('100%');
  await expect(fit).toHaveAttribute('aria-pressed', 'false');

  await fit.tap();
  await expect(scale).toHaveText(fittedScale);
  await toolbar.getByRole('button', { name: 'Zoom in' }).tap();
  await toolbar.getByRole('button', { name: 'Zoom in' }).tap();
  await expect(scale).toHaveText('100%');
  await expect.poll(() => widthOf(firstPage)).toBeGreaterThan(fitted * 1.5);
  await expect(firstPage).toBeVisible();
  await docScreenshot(page, 'document-viewer-zoomed-phone');

  await fit.tap();
  await expect.poll(async () => Math.round(await widthOf(firstPage))).toBe(Math.round(fitted));
  await expect(scale).toHaveText(fittedScale);

  // Two fingers spread apart: the page is drawn larger.
  await pinchOut(page, document, 40, 120);
  await expect.poll(() => widthOf(firstPage)).toBeGreaterThan(fitted * 1.5);
  await expect(scale).not.toHaveText(fittedScale);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    viewer.getByRole('link', { name: 'Download' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('motor-insurance.pdf');
  await viewer.getByRole('button', { name: 'Close' }).tap();
  await expect(viewer).toBeHidden();
  expect(popups).toBe(0);

  // A picture instead: it opens as an image, zoomable too.
  await page.getByRole('button', { name: 'Replace document' }).click();
  const replace = page.getByRole('dialog', { name: 'Replace insurance document' });
  await replace.getByLabel('Upload Insurance document').setInputFiles(png);
  await replace.getByRole('button', { name: 'Save' }).click();
  await expect(replace).toBeHidden();
  await page
    .getByRole('alert')
    .filter({ hasText: 'is waiting for approval' })
    .getByRole('button', { name: 'Close' })
    .click();
  await expect(page.getByText(/^certificate\.png/)).toBeVisible();
  await page.getByRole('button', { name: 'View document' }).click();
  await expect(viewer).toBeVisible();
  const image = viewer.getByRole('img', { name: /certificate\.png/ });
  await expect(image).toBeVisible();
  await expect
    .poll(() => image.evaluate((img) => (img as unknown as { naturalWidth: number }).naturalWidth))
    .toBe(1200);
  const imageWidth = await widthOf(image);
  expect(imageWidth).toBeLessThanOrEqual(390);
  await docScreenshot(page, 'document-viewer-image-phone');
  await viewer.getByRole('button', { name: 'Zoom in' }).tap();
  await expect.poll(() => widthOf(image)).toBeGreaterThan(imageWidth);
  await viewer.getByRole('button', { name: 'Close' }).tap();
  await expect(viewer).toBeHidden();
  await fs.rm(dir, { recursive: true, force: true });
});

test('the agreement page’s PDF viewer has the same zoom, in its 500 px box', async ({ page }) => {
  const email = await newMember();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const pdf = path.join(dir, 'uniform-agreement.pdf');
  await fs.writeFile(pdf, await simplePdf('Uniform agreement: return all items when you leave'));
  await admin('agreement', 'issue', '--staff', email, '--template', pdf, '--title', 'Uniform agreement');
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);

  const document = page.getByRole('region', { name: 'Uniform agreement' });
  const firstPage = document.locator('canvas').first();
  await expect(firstPage).toBeVisible();
  // The specification's height stays the default.
  expect(Math.round((await document.boundingBox())!.height)).toBe(500);
  // 100 %, as the specification has it: 14-point text is 14 px, and the page pans sideways in the box.
  const toolbar = page.getByRole('toolbar', { name: 'Zoom: Uniform agreement' });
  await expect(toolbar.getByRole('status')).toHaveText('100%');
  expect(Math.round(await widthOf(firstPage))).toBe(595);
  await expectPansSideways(document);
  await expectNoSideScroll(page, 'the agreement at 100%');
  await docScreenshot(page, 'agreement-zoomed-phone');
  await toolbar.getByRole('button', { name: 'Fit to width' }).tap();
  await expect.poll(() => widthOf(firstPage)).toBeLessThan(390);
  await expect(firstPage).toBeVisible();
  await fs.rm(dir, { recursive: true, force: true });
});
