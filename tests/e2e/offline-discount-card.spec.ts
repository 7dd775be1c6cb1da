/**
 * docs/product.md#team-discount, the card with no signal, in Chromium at phone size: the service
 * worker registers from /sw.js; a member who has seen their card reloads /team-discount with the
 * browser offline and still sees it, code, selfie and ticking clock, under the offline notice; after
 * signing out (still offline) it is gone. With SCREENSHOTS=1 the offline card is captured.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import {
  docScreenshot,
  expect,
  expectNoSideScroll,
  signInThroughProvider,
  takeSelfieFromDiscountCard,
  test,
} from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

/** A member with a venue and position, signed in, who takes a selfie through the picture modal. */
async function memberWithSelfie(page: Page): Promise<void> {
  const email = `offline.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Nia',
    '--surname',
    'Okafor',
    '--email',
    email,
    '--password',
    'Welcome2026',
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bar Supervisor',
    '--date-of-birth',
    '1998-05-05',
  );
  await signInThroughProvider(page, email, 'Welcome2026');
  await page.goto('/team-discount');
  await takeSelfieFromDiscountCard(page);
}

test('the discount card with no signal: shown offline from the phone, gone after signing out', async ({
  page,
  context,
  baseURL,
}) => {
  await memberWithSelfie(page);
  const card = page.getByRole('article', { name: 'Nia Okafor' });
  const code = (await card.getByText(/^\d+-[0-9A-HJKMNP-TV-Z]{8}$/).textContent())!.trim();
  // The time the code regenerates, as the online card shows it: the offline notice names the same.
  const regenerates = (await card.getByText(/^\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}$/).textContent())!.trim();
  const validUntil = regenerates.slice(-5);

  // The service worker is registered from /sw.js and controls the page; the card is kept on the phone.
  expect(
    await page.evaluate('navigator.serviceWorker.ready.then((registration) => registration.active.scriptURL)'),
  ).toBe(`${baseURL}/sw.js`);
  // Polled from the test: the page's CSP (no eval) refuses waitForFunction's string predicates.
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
  await expect
    .poll(() => page.evaluate(`localStorage.getItem('staffroom.offline-discount-card') || ''`))
    .toContain(code);

  // Online, a page the worker controls is still the server's: with this screen's own code preloaded.
  await page.reload();
  await expect(card).toBeVisible();
  const manifest = JSON.parse(fs.readFileSync(path.resolve('dist/web/.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  const preloads = (await page.evaluate(
    `[...document.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))`,
  )) as string[];
  expect(preloads).toContain(`/${manifest['app/routes/app/team-discount.tsx']!.file}`);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(`Offline: this code is valid until ${validUntil}`);
  await expect(card.getByText(code, { exact: true })).toBeVisible();
  await expect(card.getByText('The Lantern, Leeds')).toBeVisible();
  await expect(card.getByRole('img', { name: 'Team discount QR code' })).toBeVisible();
  // The selfie was kept with the card, not fetched now: it has drawn.
  const selfie = card.getByRole('img', { name: 'Picture of Nia Okafor' });
  await expect(selfie).toHaveAttribute('src', /^data:image\//);
  await expect
    .poll(() => page.evaluate(`document.querySelector('img[alt="Picture of Nia Okafor"]').naturalWidth`))
    .toBeGreaterThan(0);
  // The clock is live.
  const clock = card.getByRole('timer', { name: 'Live time' });
  const first = await clock.textContent();
  await expect.poll(() => clock.textContent()).not.toBe(first);
  await expectNoSideScroll(page, 'the offline card');
  await docScreenshot(page, 'team-discount-offline-phone', { fullPage: true });

  // Signing out without signal still forgets the card.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/team-discount');
  await expect(
    page.getByText('You are offline, and this phone has no current team discount code.', { exact: false }),
  ).toBeVisible();
  await expect(page.getByRole('article')).toHaveCount(0);
  await expect(page.getByText(code)).toHaveCount(0);

  // The server's own addresses are never answered with the app's page.
  await expect(page.goto('/api/health')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED/);
  await context.setOffline(false);
});
