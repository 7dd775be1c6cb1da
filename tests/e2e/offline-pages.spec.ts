/**
 * docs/product.md#frame, signed-in pages with no signal, in Chromium at phone size: a member whose
 * discount card and dashboard are kept on the phone loses signal. A page whose call gets no answer
 * says they are offline and offers the kept card; reloaded offline, the dashboard shows what it last
 * knew under the notice, My Details the notice, and 'Show my discount card' leads to the card. What
 * is kept for the dashboard holds nothing but what it draws, and goes at sign-out. With SCREENSHOTS=1
 * the offline dashboard and My Details are captured.
 */
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import {
  docScreenshot,
  expect,
  expectNoSideScroll,
  signInThroughProvider,
  takeSelfieFromDiscountCard,
  test,
  waitForServiceWorkerControl,
} from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

const OFFLINE = "You're offline. Check your Wi-Fi or mobile data, then try again.";
const KEPT_DASHBOARD = "You're offline, so this is your dashboard as it was when you were last online.";

/** Opens the side menu and chooses `entry`. */
async function chooseFromMenu(page: Page, entry: string): Promise<void> {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: entry }).click();
}

test('offline pages lead to the kept discount card; the dashboard shows what it last knew', async ({
  page,
  context,
}) => {
  const email = `offline.pages.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Rhys',
    '--surname',
    'Morgan',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bartender',
    '--date-of-birth',
    '1999-03-03',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/team-discount');
  await takeSelfieFromDiscountCard(page);
  const card = page.getByRole('article', { name: 'Rhys Morgan' });
  const code = (await card.getByText(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/).textContent())!.trim();
  await waitForServiceWorkerControl(page);
  await expect
    .poll(() => page.evaluate(`localStorage.getItem('staffroom.offline-discount-card') || ''`))
    .toContain(code);

  // Online, the dashboard; what it draws is kept, and nothing else of the member.
  await chooseFromMenu(page, 'Dashboard');
  const greeting = page.getByRole('heading', { level: 1, name: /, Rhys$/ });
  await expect(greeting).toBeVisible();
  const kept = JSON.parse(
    (await page.evaluate(`localStorage.getItem('staffroom.offline-member') || 'null'`)) as string,
  ) as { member: Record<string, unknown> } | null;
  expect(kept?.member).toEqual({
    forename: 'Rhys',
    onboard_complete: expect.any(Boolean),
    initial_training_complete: expect.any(Boolean),
    show_audit: expect.any(Boolean),
  });
  expect(JSON.stringify(kept)).not.toContain(email);

  // The signal goes with the page open: a page whose call gets no answer says so, not 'Network Error'.
  await context.setOffline(true);
  await chooseFromMenu(page, 'My Vehicles');
  const notice = page.getByRole('status').filter({ hasText: OFFLINE });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole('link', { name: 'Show my discount card' })).toBeVisible();
  await expect(page.getByText('Network Error')).toHaveCount(0);

  // Opened offline (the service worker's copy of the app): the dashboard as it last was, under the notice.
  await page.goto('/dashboard');
  const keptNotice = page.getByRole('status').filter({ hasText: KEPT_DASHBOARD });
  await expect(keptNotice).toBeVisible();
  await expect(greeting).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Useful Information' })).toBeVisible();
  await expect(keptNotice.getByRole('link', { name: 'Show my discount card' })).toBeVisible();
  await expect(page.getByText('Network Error')).toHaveCount(0);
  await expectNoSideScroll(page, 'the offline dashboard');
  await docScreenshot(page, 'dashboard-offline-phone');

  // My Details opened offline: the frame, the notice, and the way to the card.
  await page.goto('/my-details');
  await expect(page.getByRole('banner')).toContainText('My Details');
  await expect(notice).toBeVisible();
  await expect(page.getByText('Network Error')).toHaveCount(0);
  await expectNoSideScroll(page, 'My Details offline');
  await docScreenshot(page, 'my-details-offline-phone');
  await notice.getByRole('link', { name: 'Show my discount card' }).click();
  await expect(page).toHaveURL(/\/team-discount$/);
  await expect(card.getByText(code, { exact: true })).toBeVisible();

  // Signing out without signal forgets the kept dashboard with the card.
  await chooseFromMenu(page, 'Logout');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  expect(await page.evaluate(`localStorage.getItem('staffroom.offline-member')`)).toBeNull();
  await page.goto('/dashboard');
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: 'Show my discount card' })).toHaveCount(0);
  await expect(page.getByText('Rhys')).toHaveCount(0);
  await context.setOffline(false);
});
