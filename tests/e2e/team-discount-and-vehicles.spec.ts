/**
 * docs/product.md#team-discount in Chromium at phone size: a member without a selfie is led to the picture modal; with
 * one, the card shows the QR code and a ticking clock, and a till checks the code; a vehicle with
 * an insurance PDF goes pending → approved (from the CLI) and its document downloads from the in-app
 * viewer; the team apps page. With SCREENSHOTS=1 each page is captured into docs/screenshots.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import dayjs from 'dayjs';
import { simplePdf } from '../support/fixtures.js';
import { admin } from './admin.js';
import {
  expect,
  docScreenshot,
  expectNoSideScroll,
  signInThroughProvider,
  takeSelfieFromDiscountCard,
  test,
} from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

async function shot(page: Page, name: string) {
  await expectNoSideScroll(page, name);
  await docScreenshot(page, `${name}-phone`, { fullPage: true });
}

async function newMember(prefix: string): Promise<string> {
  const email = `${prefix}.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Ollie',
    '--surname',
    'Grant',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bar Back',
    '--date-of-birth',
    '2000-02-02',
  );
  return email;
}

test('team discount: the selfie prompt, then the card with QR and clock, checked at a till', async ({ page }) => {
  const email = await newMember('ollie');
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/team-discount');
  await expect(page.getByText('You need to upload a selfie before activating staff discount')).toBeVisible();
  await shot(page, 'team-discount-no-selfie');
  await takeSelfieFromDiscountCard(page);
  const qr = page.getByRole('img', { name: 'Team discount QR code' });
  await expect(qr).toBeVisible();
  const code = (await page.getByText(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/).textContent())!.trim();
  await expect(page.getByText('Code Regenerates')).toBeVisible();
  // The clock ticks.
  const clock = page.getByText(/^\d{2}:\d{2}:\d{2}$/).first();
  const first = await clock.textContent();
  await expect.poll(async () => clock.textContent()).not.toBe(first);
  await shot(page, 'team-discount');

  // A till at the venue checks the code it is shown.
  const key = (await admin('till-key', 'create', '--venue', 'The Lantern, Leeds')).at(-1)!;
  const check = await page.request.post('/api/discount/verify', {
    headers: { authorization: `Bearer ${key}` },
    data: { code },
  });
  expect(check.status()).toBe(200);
  expect(await check.json()).toMatchObject({
    data: { valid: true, name: 'Ollie Grant', location: 'The Lantern, Leeds', under_18: false },
  });
});

test('my vehicles: add with an insurance PDF, pending, approved from the CLI, document downloaded', async ({
  page,
}) => {
  // A whole journey (sign-in, two uploads, a CLI approval in its own process, a download): it took
  // 27 s on a machine loaded well past two busy cores, so it gets two minutes to stay under a third.
  test.setTimeout(120_000);
  const email = await newMember('van');
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/vehicle-management');
  await expect(page.getByText('No vehicles yet')).toBeVisible();
  await expect(page.getByText(/business class 2 insurance/)).toBeVisible();

  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Registration').fill('ls21 bar');
  await expect(modal.getByLabel('Registration')).toHaveValue('LS21 BAR');
  await expect(modal.getByRole('button', { name: 'Add' })).toBeDisabled();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const pdf = path.join(dir, 'motor-insurance.pdf');
  await fs.writeFile(pdf, await simplePdf('Certificate of motor insurance: business class 2'));
  await modal.getByLabel('Upload Insurance document').setInputFiles(pdf);
  await expect(modal.getByRole('button', { name: 'Add' })).toBeEnabled();
  await shot(page, 'vehicles-add');
  await modal.getByRole('button', { name: 'Add' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('VOLKSWAGEN')).toBeVisible();
  await expect(page.getByText('Pending approval')).toBeVisible();
  await shot(page, 'vehicles-pending');

  // HR approves it from the CLI; a reload shows it approved.
  const pending = await admin('insurance', 'list');
  const line = pending.find((l) => l.includes('LS21BAR') && l.includes(email))!;
  await admin(
    'insurance',
    'approve',
    line.split(/\s+/)[0]!,
    '--cover-ends',
    dayjs().add(1, 'year').format('YYYY-MM-DD'),
    '--by',
    'Priya (HR)',
  );
  await page.reload();
  await expect(page.getByText(/Approved/).first()).toBeVisible();
  await expect(page.getByText(/Priya \(HR\)/)).toBeVisible();
  await shot(page, 'vehicles-approved');

  // The document opens in the app (tests/e2e/document-viewer.spec.ts drives the viewer), and its
  // Download link saves it from a signed address as an attachment.
  await page.getByRole('button', { name: 'View document' }).click();
  const viewer = page.getByRole('dialog', { name: 'Insurance document' });
  const link = viewer.getByRole('link', { name: 'Download' });
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  expect(download.suggestedFilename()).toBe('motor-insurance.pdf');
  expect((await fs.readFile(await download.path())).subarray(0, 5).toString()).toBe('%PDF-');
  // What the link leads to, with the member's session (a download is not reported as a page response).
  const response = await page.request.get((await link.getAttribute('href'))!);
  expect(response.url()).toContain('/api/rest/file/content/');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toBe('application/pdf');
  expect(response.headers()['content-disposition']).toMatch(/^attachment; filename="motor-insurance\.pdf"/);
  await viewer.getByRole('button', { name: 'Close' }).click();
  await expect(viewer).toBeHidden();
  await fs.rm(dir, { recursive: true, force: true });
});

test('team apps explains both brands’ order-and-pay apps', async ({ page }) => {
  const email = await newMember('apps');
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/team-apps');
  await expect(page.getByText('Lantern Inns Order & Pay')).toBeVisible();
  await expect(page.getByText('Salt & Ember Table')).toBeVisible();
  await expect(page.getByText('Connected', { exact: true })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  await expect(page.getByText('Salt & Ember, Chester')).toBeVisible();
  await shot(page, 'team-apps');
});
