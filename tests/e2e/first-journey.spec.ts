/**
 * The journey in Chromium against the built app on a fresh data folder: open the portal,
 * sign in through the provider, land on the dashboard, move around, log out.
 */
import { DEMO, expect, expectedGreeting, signInThroughProvider, test } from './fixtures.js';

test('/ goes to /login, which offers Login', async ({ page }) => {
  await page.goto('/');
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
});

test('Login leads to the provider’s branded page, which refuses a wrong password', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in to Staffroom' })).toBeVisible();
  expect(new URL(page.url()).pathname).toMatch(/^\/interaction\//);
  await page.getByLabel('Email address').fill(DEMO.sam);
  await page.getByLabel('Password').fill('not-the-password-1');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toContainText('That email address and password do not match');
  await expect(page.getByLabel('Email address')).toHaveValue(DEMO.sam);
});

test('the demo member signs in, sees the dashboard, moves around and logs out', async ({ page }) => {
  await signInThroughProvider(page, DEMO.sam);

  const hour = await page.evaluate(() => new Date().getHours());
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${expectedGreeting(hour)},? Sam$`));
  await expect(page.getByText('What do you want to do today?')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Start my quality of life survey' })).toBeVisible();
  // Training is complete for Sam: no training chip.
  await expect(page.getByRole('link', { name: 'Complete my initial training' })).toHaveCount(0);
  await expect(page.getByText('Useful Information')).toBeVisible();

  // Atmosphere audit first, then Quality of Life, then the five links.
  const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles).toEqual([
    'Atmosphere audit',
    'Quality of Life',
    'Training App',
    'Scheduling App',
    'Careers',
    'Tipjar App',
    'Perks & Benefits App',
  ]);
  // The top bar names the page from its route, before any menu choice.
  await expect(page.getByRole('banner')).toContainText('Dashboard');

  // A menu entry sets the title and navigates.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'My Details' }).click();
  await page.waitForURL('**/my-details');
  await expect(page.getByRole('banner')).toContainText('My Details');

  // Logout returns to /login; the dashboard is then out of reach.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('button', { name: 'Logout' }).click();
  await page.waitForURL('**/login');
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await page.goto('/dashboard');
  await page.waitForURL('**/login');
});

test('a new starter sees the training chip and the welcome text', async ({ page }) => {
  await signInThroughProvider(page, DEMO.jamie);
  await expect(page.getByRole('link', { name: 'Complete my initial training' })).toBeVisible();
  await expect(page.getByText(/familiarise yourself/i)).toBeVisible();
  const titles = await page.getByRole('heading', { level: 3 }).allTextContents();
  expect(titles[0]).toBe('Training App');
});

test('an unknown path shows Page Not Found with Return Home', async ({ page }) => {
  await page.goto('/no-such-page');
  await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Return Home' })).toBeVisible();
});
