/**
 * Every page names its tab (docs/product.md#page-titles), so a member with three tabs open, or a
 * screen reader, tells them apart: the staff pages and the console's screens like their top bar, a
 * survey by its name, the joiner's and sign-in pages by what they are. The top bar's own title is
 * unchanged (docs/product.md#frame).
 */
import { admin, lastMailTo, linkIn } from './admin.js';
import { createStaff, inviteJoiner, openConsoleTab, PASSWORD } from './console-steps.js';
import { expect, signInThroughProvider, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

test('staff pages, a survey and the console are named in the tab as in the top bar', async ({ page }) => {
  test.setTimeout(120_000);
  const hr = await createStaff('Tia', 'Banks', 'The Lantern, York', ['--position', 'People partner']);
  await admin('role', 'grant', '--staff', hr, '--role', 'hr');

  await page.goto('/login');
  await expect(page).toHaveTitle('Login · Staffroom');
  await signInThroughProvider(page, hr, PASSWORD);
  await expect(page).toHaveTitle('Dashboard · Staffroom');

  for (const [path, name] of [
    ['/my-details', 'My Details'],
    ['/vehicle-management', 'My Vehicles'],
    ['/team-discount', 'Team Discount'],
    ['/team-apps', 'Team apps'],
  ]) {
    await page.goto(path!);
    await expect(page.getByRole('banner')).toContainText(name!);
    await expect(page, path).toHaveTitle(`${name} · Staffroom`);
  }

  // A survey by its name, in the tab as in the top bar, and the menu's page after it.
  await page.goto('/survey/6');
  await expect(page.getByRole('banner')).toContainText('Atmosphere audit');
  await expect(page).toHaveTitle('Atmosphere audit · Staffroom');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'My Details' }).click();
  await expect(page).toHaveTitle('My Details · Staffroom');

  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'HR console' }).click();
  await page.waitForURL('**/admin/people');
  await expect(page).toHaveTitle('People · Staffroom');
  for (const [screen, name] of [
    ['Joiners', 'Joiners'],
    ['Right to work', 'Right to work'],
    ['Set-up', 'Set-up'],
  ] as const) {
    await openConsoleTab(page, screen);
    await expect(page, screen).toHaveTitle(`${name} · Staffroom`);
  }

  await page.goto('/no-such-page');
  await expect(page).toHaveTitle('Page Not Found · Staffroom');
});

test('a joiner’s onboarding and document pages are named in the tab', async ({ page }) => {
  const { email, path } = await inviteJoiner('Noor', 'Haddad');
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Hi Noor' })).toBeVisible();
  await expect(page).toHaveTitle('Onboarding · Staffroom');

  await admin('contract', 'issue', '--staff', email, '--template', 'templates/contract-of-employment.html');
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
  await expect(page.getByRole('heading', { level: 2, name: 'Contract of employment' })).toBeVisible();
  // Named by the document once it has arrived.
  await expect(page).toHaveTitle('Contract of employment · Staffroom');
});
