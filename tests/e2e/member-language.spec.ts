/**
 * The staff side in the member's language (docs/decisions/0069-member-language.md), on a phone
 * (390x844): a member picks Polish in the menu and reads the dashboard and the discount card in
 * Polish, on this phone after a reload and on another device they sign in on; and the pages converted
 * so far, walked in the pseudo-locale, show no text that bypassed the catalogues and nothing that
 * overflows the screen. Screenshots of the Polish screens land in `.tmp/screenshots/`.
 */
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import {
  expect,
  expectNoSideScroll,
  expectTapTargets,
  settleForScreenshot,
  signInThroughProvider,
  takeSelfieFromDiscountCard,
  test,
} from './fixtures.js';
import { BRAND_NAMES, cutOffText, untranslatedText } from './pseudo-locale.js';

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'Welcome2026';
const VENUE = 'The Lantern, Leeds';
const POSITION = 'Barista';

/** A new member with a selfie, signed in on `page`, on their discount card. */
async function memberWithCard(page: Page, forename: string): Promise<string> {
  const email = `${forename.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    ...['--forename', forename, '--surname', 'Nowak', '--email', email, '--password', PASSWORD],
    ...['--venue', VENUE, '--position', POSITION, '--date-of-birth', '1996-02-02'],
  );
  await signInThroughProvider(page, email, PASSWORD);
  await page.goto('/team-discount');
  await takeSelfieFromDiscountCard(page);
  return email;
}

/** Opens the side menu and picks `language` (its value) from the Language list. */
async function pickLanguage(page: Page, label: string, language: string): Promise<void> {
  await page.getByRole('button', { name: /^(Open menu|Otwórz menu)$/ }).click();
  await page.getByLabel(label).selectOption(language);
  await page.keyboard.press('Escape');
}

test('a member picks Polish in the menu and reads the dashboard and the discount card in Polish', async ({
  page,
  browser,
}) => {
  const email = await memberWithCard(page, 'Marta');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Useful Information' })).toBeVisible();

  await pickLanguage(page, 'Language', 'pl');
  await expect(page.getByRole('heading', { name: 'Przydatne informacje' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^(Dzień dobry|Dobry wieczór|Cześć), Marta$/);
  await expect(page.getByRole('heading', { name: 'Co chcesz dziś zrobić?' })).toBeVisible();
  await expect(page.getByRole('banner')).toContainText('Pulpit');
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  await expectNoSideScroll(page, 'the dashboard in Polish');
  await expectTapTargets(page, 'the dashboard in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-dashboard.png', fullPage: true });

  await page.getByRole('button', { name: 'Otwórz menu' }).click();
  await page.getByRole('button', { name: 'Zniżka pracownicza' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Zniżka pracownicza' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Marta Nowak' });
  await expect(card.getByRole('img', { name: 'Kod QR zniżki pracowniczej' })).toBeVisible();
  await expect(card.getByText('Aktualny czas')).toBeVisible();
  await expect(card.getByText('Kod odnowi się:')).toBeVisible();
  // Dates and times stay as the UK writes them.
  await expect(card).toContainText(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  await expect(page.getByText('Zamawiasz w jednej z naszych aplikacji?')).toBeVisible();
  await expectNoSideScroll(page, 'the discount card in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-team-discount.png', fullPage: true });

  // This phone keeps the choice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Zniżka pracownicza' })).toBeVisible();

  // The member's record keeps it too: another device they sign in on reads Polish.
  const other = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const phone = await other.newPage();
  await signInThroughProvider(phone, email, PASSWORD);
  await expect(phone.getByRole('heading', { name: 'Przydatne informacje' })).toBeVisible();
  await other.close();

  // And back to English.
  await pickLanguage(page, 'Język', 'en-GB');
  await expect(page.getByRole('heading', { level: 1, name: 'Team Discount' })).toBeVisible();
});

test('the converted pages, in the pseudo-locale, show no untranslated text and nothing cut off or overflowing', async ({
  page,
  browser,
}) => {
  // The sign-in page, before anyone signs in.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const signIn = await visitor.newPage();
  await signIn.addInitScript(`localStorage.setItem('staffroom.language', 'pseudo')`);
  await signIn.goto('/login');
  await expect(signIn.getByRole('button', { name: /~/ })).toBeVisible();
  expect(await untranslatedText(signIn, BRAND_NAMES), 'the sign-in page').toEqual([]);
  expect(await cutOffText(signIn), 'the sign-in page').toEqual([]);
  await expectNoSideScroll(signIn, 'the sign-in page');
  await visitor.close();

  await memberWithCard(page, 'Ana');
  const data = ['Ana', 'Ana Nowak', VENUE, POSITION, ...BRAND_NAMES];
  await page.evaluate(`localStorage.setItem('staffroom.language', 'pseudo')`);
  for (const [path, drawn] of [
    ['/dashboard', 'h1'],
    ['/team-discount', 'article'],
  ] as const) {
    await page.goto(path);
    await expect(page.locator(drawn).first()).toContainText('~');
    expect(await untranslatedText(page, data), path).toEqual([]);
    expect(await cutOffText(page), path).toEqual([]);
    await expectNoSideScroll(page, path);
  }

  // The frame: the top bar and the open menu, with its language and colour scheme choices.
  await page.getByRole('button', { name: /~/ }).first().click();
  await expect(page.getByRole('navigation')).toBeVisible();
  await expect(page.getByRole('group')).toBeVisible();
  expect(await untranslatedText(page, [...data, 'Staffroom']), 'the menu').toEqual([]);
  expect(await cutOffText(page), 'the menu').toEqual([]);
  await expectNoSideScroll(page, 'the menu');
});

test('the discount card kept on the phone opens in the chosen language with no signal', async ({ page, context }) => {
  await memberWithCard(page, 'Oana');
  await pickLanguage(page, 'Language', 'ro');
  await expect(page.getByRole('heading', { level: 1, name: 'Reducere pentru angajați' })).toBeVisible();
  // The service worker controls the page (its precache, Romanian's catalogue with it, is complete) and
  // the card is kept on the phone.
  await expect.poll(() => page.evaluate('navigator.serviceWorker.controller !== null')).toBe(true);
  await expect
    .poll(() => page.evaluate(`localStorage.getItem('staffroom.offline-discount-card') || ''`))
    .toContain('Oana');

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('status')).toHaveText(/^Offline: acest cod este valabil până la \d{2}:\d{2}$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Reducere pentru angajați' })).toBeVisible();
  const card = page.getByRole('article', { name: 'Oana Nowak' });
  await expect(card.getByRole('img', { name: 'Cod QR pentru reducerea angajaților' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'ro');
  await context.setOffline(false);
});
