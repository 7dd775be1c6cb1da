/**
 * Shared e2e fixtures: a page that fails its test on any console.error or uncaught page error
 * (network failures the test provokes on purpose, such as the 403 of a signed-out /me, are the
 * browser's own report, not the app's, and are asserted by the tests themselves), and sign-in
 * through the real provider page (documenso app-tests authentication fixture style).
 */
import { AxeBuilder } from '@axe-core/playwright';
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
export async function signInThroughProvider(
  page: Page,
  email: string,
  password = DEMO_PASSWORD,
  origin = '',
): Promise<void> {
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
  expect(overflow.scrollWidth, `${what} scrolls sideways: ${overflow.wide.join('; ')}`).toBeLessThanOrEqual(
    overflow.width,
  );
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

/** Below this width the page is laid out for a phone (MUI's `sm` breakpoint). */
const PHONE_WIDTH = 600;
/** The least height of a button on a phone, px (issue 13: every button at least 44 px tall). */
export const PHONE_BUTTON_HEIGHT = 44;

/**
 * Fails when a control is too small to tap (docs/product.md#frame): axe's `target-size` rule (WCAG 2.2,
 * 2.5.8: 24 by 24 px, or spaced as if it were) on the whole page, and, at phone width, any visible
 * button under 44 px tall, named with its text so the culprit is easy to find.
 */
export async function expectTapTargets(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withRules(['target-size']).analyze();
  const small = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(small, `${what}: targets under 24 px`).toEqual([]);
  const width = page.viewportSize()?.width ?? 1280;
  if (width >= PHONE_WIDTH) return;
  // A string, because the tests are typed without the DOM library. The height as laid out
  // (offsetHeight), not as drawn: a notification's close button caught in its exit transition
  // (MUI's Grow, scaled to 0.5625 tall) measured 25 px in CI for an instant.
  const short = (await page.evaluate(`(() => [...document.querySelectorAll('button, [role="button"], a.MuiButton-root')]
    .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== 'hidden')
    .map((el) => ({ name: (el.getAttribute('aria-label') || el.textContent || el.tagName).trim().slice(0, 40), height: el.offsetHeight }))
    .filter((b) => b.height > 0 && b.height < ${PHONE_BUTTON_HEIGHT} - 0.5)
    .map((b) => b.name + ' ' + Math.round(b.height) + 'px'))()`)) as string[];
  expect(short, `${what}: buttons under ${PHONE_BUTTON_HEIGHT} px tall on a phone`).toEqual([]);
}

/** The WCAG 2.2 A and AA rules of axe, contrast among them. */
const WCAG_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Fails on any WCAG 2.2 A or AA violation axe finds on the page as it is (docs/product.md#colour-schemes:
 * contrast holds in both schemes), each named with its rule and element.
 */
export async function expectAccessible(page: Page, what: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(WCAG_AA).analyze();
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${violation.id} ${node.target.join(' ')}: ${node.failureSummary ?? ''}`),
  );
  expect(found, `${what}: axe`).toEqual([]);
}

/** Whether this run writes the README's screenshots: only `npm run screenshots` (SCREENSHOTS=1) does. */
export const TAKE_SCREENSHOTS = process.env.SCREENSHOTS === '1';

/**
 * A screen the tests look at: its tap targets are checked (expectTapTargets) on every run, and
 * `docs/screenshots/<name>.png` is written when the run takes screenshots only, so `npm test` never
 * rewrites a tracked file (docs/architecture.md#tests).
 */
export async function docScreenshot(page: Page, name: string, options: { fullPage?: boolean } = {}): Promise<void> {
  await expectTapTargets(page, name);
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

/**
 * Waits until the service worker has activated (installing precaches the app shell, which on a busy
 * machine takes longer than a poll's default 15 s) and controls `page`. The worker claims the pages
 * open as it activates; a page the claim did not reach (seen in CI, on a page opened while the worker
 * was still installing) is reloaded, and a page loaded under an active worker is always controlled.
 * The offline card's test asserts the claim itself and does not use this.
 */
export async function waitForServiceWorkerControl(page: Page): Promise<void> {
  // Polled from the test: the page's CSP (no eval) refuses waitForFunction's string predicates.
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker.getRegistration().then((r) => r?.active?.state ?? "none")'), {
      timeout: 30_000,
    })
    .toBe('activated');
  if (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) await page.reload();
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
}
