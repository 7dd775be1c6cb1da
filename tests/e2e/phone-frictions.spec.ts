/**
 * The frictions of issue 13 a member meets on a phone, in Chromium at 390x844: an ended session goes
 * to sign-in and back to the page it was on, the top bar names the page after a reload, a failed
 * sign-in leaves a clean address bar, a date of birth opens on the years, and the snackbar covers
 * neither the top bar's title nor a modal's buttons (docs/product.md#frame, #auth, #date-picker).
 */
import { admin, lastMailTo, linkIn } from './admin.js';
import { docScreenshot, expect, signInThroughProvider, test } from './fixtures.js';
import { departure } from './departures.js';

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'Welcome2026';

async function newMember(name: string): Promise<string> {
  const email = `${name}.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    '--forename',
    'Robin',
    '--surname',
    'Hale',
    '--email',
    email,
    '--password',
    PASSWORD,
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Barista',
  );
  return email;
}

test('an ended session goes to sign-in, then back to the page it was on; the top bar names the page after a reload', async ({
  page,
}) => {
  const email = await newMember('robin.hale');
  await signInThroughProvider(page, email, PASSWORD);
  await page.goto('/my-details');
  await page.reload();
  await expect(page.getByRole('banner')).toContainText('My Details');

  // The member signs out on another tab; this one still shows My Details.
  const other = await page.context().newPage();
  await other.goto('/dashboard');
  await other.getByRole('button', { name: 'Open menu' }).click();
  await other.getByRole('button', { name: 'Logout' }).click();
  await other.waitForURL('**/login');
  await other.close();

  await page.getByRole('button', { name: 'Edit Personal & Profile' }).click();
  const personal = page.getByRole('dialog', { name: 'Personal & Profile' });
  await personal.getByLabel('Known as').fill('Rob');
  await personal.getByRole('button', { name: 'Save' }).click();
  await page.waitForURL('**/login');
  await expect(page.getByText('You are not signed in.')).toHaveCount(0);

  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/my-details');
  await expect(page.getByRole('banner')).toContainText('My Details');
  await expect(page.getByRole('button', { name: 'Edit Personal & Profile' })).toBeVisible();
});

test('a failed sign-in says why and leaves a clean address bar', async ({ page }) => {
  await page.goto('/login?code=not-a-real-code&state=not-a-real-state');
  await expect(page.getByRole('alert')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByRole('button', { name: 'Login' })).toBeVisible();
  await docScreenshot(page, 'login-failed-phone');
});

test('a joiner’s date of birth opens on the years, around 18 years ago', async ({ page }) => {
  test.info().annotations.push(departure('date-picker-phone-sizes'));
  const email = `kit.lowe.${Date.now().toString(36)}@example.com`;
  await admin(
    'invite',
    '--forename',
    'Kit',
    '--surname',
    'Lowe',
    '--email',
    email,
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bartender',
    '--start-date',
    new Date(Date.now() + 14 * 86_400_000).toISOString().slice(0, 10),
  );
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
  await expect(page.getByRole('heading', { name: /Kit/ })).toBeVisible();
  // The only date on the form: its stand-in's button fetches the picker and opens it.
  await page.getByRole('button', { name: /Choose date/ }).click();
  const adultYear = String(new Date().getFullYear() - 18);
  await expect(page.getByRole('radio', { name: adultYear })).toBeVisible();
  await expect(page.getByRole('radio', { name: adultYear })).toBeInViewport();
  await docScreenshot(page, 'onboard-date-of-birth-phone');
  // A year chosen, the days of that year follow, each big enough for a thumb.
  await page.getByRole('radio', { name: adultYear }).click();
  const day = page.getByRole('gridcell', { name: '15' }).first();
  await expect(day).toBeVisible();
  expect((await day.boundingBox())!.height, 'a day is 44 px tall on a phone').toBeGreaterThanOrEqual(44);
  await docScreenshot(page, 'onboard-date-of-birth-days-phone');
});

test('the snackbar covers neither the top bar’s title nor a modal’s buttons on a phone', async ({ page }) => {
  test.info().annotations.push(departure('snackbar-bottom-on-phones'));
  const email = await newMember('sasha.hale');
  await signInThroughProvider(page, email, PASSWORD);
  await page.goto('/my-details');
  await page.getByRole('button', { name: 'Edit Personal & Profile' }).click();
  const personal = page.getByRole('dialog', { name: 'Personal & Profile' });
  await personal.getByLabel('Known as').fill('Sash');
  await personal.getByRole('button', { name: 'Save' }).click();
  await expect(personal).toBeHidden();
  const snackbar = page.getByText('Your personal details have been saved.');
  await expect(snackbar).toBeVisible();
  const shown = (await snackbar.boundingBox())!;
  const title = (await page.getByRole('banner').boundingBox())!;
  expect(shown.y, 'the snackbar sits below the top bar').toBeGreaterThanOrEqual(title.y + title.height);

  // Opened again while the snackbar shows (the pointer resting on it holds it open, as MUI does):
  // the full-screen modal's title and buttons stay clear of it.
  await snackbar.hover();
  await page.getByRole('button', { name: 'Edit Personal & Profile' }).focus();
  await page.keyboard.press('Enter');
  await expect(personal).toBeVisible();
  await expect(snackbar).toBeVisible();
  const now = (await snackbar.boundingBox())!;
  const overlaps = (a: typeof now, b: typeof now) =>
    a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  for (const control of [
    personal.getByRole('button', { name: 'Save' }),
    personal.getByRole('button', { name: 'Cancel' }),
    personal.getByRole('heading', { name: 'Personal & Profile' }),
  ]) {
    expect(overlaps(now, (await control.boundingBox())!), `the snackbar covers ${await control.textContent()}`).toBe(
      false,
    );
  }
  await docScreenshot(page, 'snackbar-over-modal-phone');
});
