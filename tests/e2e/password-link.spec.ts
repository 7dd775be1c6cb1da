/**
 * Password links (docs/product.md#password-links) in Chromium at phone size (390x844): a member created
 * with the CLI without a password gets a link from `staff password-link`, opens it, sees the password
 * step's live hints and a refusal, sets a password, follows Login and signs in through the embedded
 * provider with it; the used link is then dead. The page is looked at on a desktop, then used on a phone.
 */
import { admin } from './admin.js';
import { PHONE } from './console-steps.js';
import { docScreenshot, expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

const NEW_PASSWORD = 'Harbour-lights7';

test('a member with no password sets one from the link, then signs in with it', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `kit.reed.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Kit',
    '--surname',
    'Reed',
    '--email',
    email,
    '--venue',
    'The Lantern, York',
  );
  const printed = await admin('staff', 'password-link', '--staff', email);
  const link = printed.at(-1)!;
  expect(link).toMatch(/\/set-password\/[A-Za-z0-9_-]{43}$/);
  const path = new URL(link).pathname;

  // Looked at on a desktop first, then used on the phone.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await docScreenshot(page, 'set-password-desktop');
  await page.setViewportSize(PHONE);
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: 'Set your password' })).toBeVisible();
  await expect(
    page.getByText('Hi Kit, please choose a password for the Lantern Inns team member portal.', { exact: false }),
  ).toBeVisible();
  await expectNoSideScroll(page, 'the set-password page');
  await docScreenshot(page, 'set-password-phone', { fullPage: true });

  // The live hints, as onboarding's password step: no digit yet is red, and the server says so too.
  await page.getByRole('textbox', { name: 'Password', exact: true }).fill('harbourlights');
  await page.getByRole('textbox', { name: 'Repeat password' }).fill('harbourlights');
  await expect(page.locator('li[data-state="invalid"]', { hasText: 'At least 1 number' })).toBeVisible();
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a password that meets the rules.');

  await page.getByRole('textbox', { name: 'Password', exact: true }).fill(NEW_PASSWORD);
  await page.getByRole('textbox', { name: 'Repeat password' }).fill(NEW_PASSWORD);
  await expect(page.locator('li[data-state="invalid"]')).toHaveCount(0);
  await expect(page.getByRole('alert')).toHaveCount(0);
  await page.getByRole('button', { name: 'Show password' }).click();
  await docScreenshot(page, 'set-password-filled-phone', { fullPage: true });
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('heading', { name: 'Your password is set' })).toBeVisible();
  await docScreenshot(page, 'set-password-done-phone', { fullPage: true });
  await page.getByRole('link', { name: 'Login' }).click();
  await page.waitForURL('**/login');

  await signInThroughProvider(page, email, NEW_PASSWORD);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Kit');

  // Used once: the link is dead now.
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'This link has expired or is not valid' })).toBeVisible();
});
