/**
 * Screenshots for the README and for looking at what we built: login, the provider's sign-in page
 * and the dashboard, at phone (390x844) and desktop (1280x800) size, and the joiner pages on a
 * desktop (the joiner journey takes their phone ones), into docs/screenshots/ under `npm run
 * screenshots` (SCREENSHOTS=1). Every run checks those screens' tap targets (docScreenshot).
 */
import { admin, lastMailTo, linkIn } from './admin.js';
import { DEMO, docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

const SIZES = [
  { name: 'phone', width: 390, height: 844 },
  { name: 'desktop', width: 1280, height: 800 },
] as const;

for (const size of SIZES) {
  test(`screenshots at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    await page.goto('/login');
    await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
    await docScreenshot(page, `login-${size.name}`);

    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByRole('heading', { name: 'Sign in to Staffroom' })).toBeVisible();
    await docScreenshot(page, `provider-sign-in-${size.name}`);

    await signInThroughProvider(page, DEMO.sam);
    await expect(page.getByText('Useful Information')).toBeVisible();
    await page.waitForLoadState('networkidle');
    await docScreenshot(page, `dashboard-${size.name}`, { fullPage: size.name !== 'phone' });
  });
}

test('onboarding details and a contract at desktop size', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const email = `desk.shot.${Date.now().toString(36)}@example.com`;
  await admin(
    'invite',
    '--forename',
    'Kai',
    '--surname',
    'Brooks',
    '--email',
    email,
    '--venue',
    'Salt & Ember, Manchester',
    '--position',
    'Line chef',
    '--start-date',
    '2026-12-14',
  );
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
  await expect(page.getByRole('heading', { name: 'Hi Kai' })).toBeVisible();
  await expectNoSideScroll(page, 'onboarding details');
  await docScreenshot(page, 'onboard-details-desktop', { fullPage: true });

  await admin('contract', 'issue', '--staff', email, '--template', 'templates/contract-of-employment.html');
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
  await expect(page.getByRole('heading', { name: 'Contracts' })).toBeVisible();
  // Issued without --title: named by the template's first heading, not its file name.
  await expect(page.getByRole('heading', { level: 2, name: 'Contract of employment' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'contract-of-employment' })).toHaveCount(0);
  await expect(page.getByLabel('Signature pad')).toBeVisible();
  await docScreenshot(page, 'contract-desktop');
});
