/**
 * Shared e2e fixtures: a page that fails its test on any console.error or uncaught page error
 * (network failures the test provokes on purpose, such as the 403 of a signed-out /me, are the
 * browser's own report, not the app's, and are asserted by the tests themselves), and sign-in
 * through the real provider page (documenso app-tests authentication fixture style).
 */
import { expect, test as base, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'Staffroom2026';
export const DEMO = {
  sam: 'sam.taylor@example.com',
  jamie: 'jamie.patel@example.com',
} as const;

export const test = base.extend<{ page: Page }>({
  page: async ({ page }, use) => {
    const problems: string[] = [];
    page.on('console', (msg) => {
      if (msg.type() === 'error' && !msg.text().startsWith('Failed to load resource')) problems.push(msg.text());
    });
    page.on('pageerror', (err) => problems.push(err.message));
    await use(page);
    expect(problems, 'console errors during the test').toEqual([]);
  },
});

export { expect };

/** From /login, through the provider's page, to the dashboard; `origin` for a server other than the test run's. */
export async function signInThroughProvider(page: Page, email: string, password = DEMO_PASSWORD, origin = ''): Promise<void> {
  await page.goto(`${origin}/login`);
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Staffroom' })).toBeVisible();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** The greeting of docs/product.md#dashboard for an hour of the day, written out independently of the app's code. */
export function expectedGreeting(hour: number): string {
  if (hour >= 6 && hour <= 11) return 'Good Morning';
  if (hour >= 12 && hour <= 17) return 'Good Afternoon';
  if (hour >= 18 && hour <= 20) return 'Good Evening';
  return 'Hi';
}

/** Fails when the page is wider than the viewport (a phone would scroll sideways), naming the culprits. */
export async function expectNoSideScroll(page: Page, what: string): Promise<void> {
  // A string, because the tests are typed without the DOM library.
  const overflow = (await page.evaluate(`(() => {
    const width = document.documentElement.clientWidth;
    const wide = [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((el) => el.tagName.toLowerCase() + '.' + String(el.className).slice(0, 60) + ' right=' + Math.round(el.getBoundingClientRect().right));
    return { scrollWidth: document.documentElement.scrollWidth, width, wide };
  })()`)) as { scrollWidth: number; width: number; wide: string[] };
  expect(overflow.scrollWidth, `${what} scrolls sideways: ${overflow.wide.join('; ')}`).toBeLessThanOrEqual(overflow.width);
}

/**
 * Makes headless Chromium paint the current state before a screenshot: it produces frames on demand,
 * and a PDF drawn by pdf.js's worker can otherwise be missing from the capture (seen: the viewer's
 * loading spinner captured seconds after the page was drawn). A one-pixel wheel nudge forces a frame.
 */
export async function settleForScreenshot(page: Page): Promise<void> {
  await page.mouse.wheel(0, 1);
  await page.mouse.wheel(0, -1);
  await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
}

/** Whether this run writes the README's screenshots: only `npm run screenshots` (SCREENSHOTS=1) does. */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * Writes `docs/screenshots/<name>.png` when the run takes screenshots, and does nothing otherwise,
 * so `npm test` never rewrites a tracked file (docs/architecture.md#tests).
 */
export async function docScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  if (!TAKE_SCREENSHOTS) return;
  await settleForScreenshot(page);
  await page.screenshot({ path: `docs/screenshots/${name}.png`, ...options });
}

/**
 * From the discount card's selfie prompt: 'Update my picture', a picture from the fake camera, saved;
 * back on /team-discount once My Details' picture modal closes.
 */
export async function takeSelfieFromDiscountCard(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Update my picture' }).click();
  const picture = page.getByRole('dialog', { name: 'Profile Picture' });
  await picture.getByRole('button', { name: 'Take Picture' }).click();
  await expect(picture.getByRole('button', { name: 'Capture' })).toBeEnabled();
  await picture.getByRole('button', { name: 'Capture' }).click();
  await picture.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/team-discount');
}
