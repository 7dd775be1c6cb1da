/**
 * Leavers (docs/product.md#leavers) in Chromium at desktop (1280x800) and phone (390x844) size: a manager of
 * The Lantern, Leeds, made with the CLI, records "leave now" for a member of their venue who is signed in
 * on another browser; that browser's next step lands on /login, and pressing Login there shows that their
 * access ended, with the date, above the logo. With LEAVERS_SCREENS=<folder> the new screens are saved
 * there to be looked at.
 */
import type { Page } from '@playwright/test';
import { admin } from './admin.js';
import { createStaff, PASSWORD, phoneOf, SIZES, unique } from './console-steps.js';
import { expect, expectNoSideScroll, signInThroughProvider, test } from './fixtures.js';

/** Today in London as the login screen writes it (DD/MM/YYYY). */
const ukToday = () =>
  new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/London',
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
  }).format(new Date());

async function screen(page: Page, name: string): Promise<void> {
  const folder = process.env.LEAVERS_SCREENS;
  if (folder) await page.screenshot({ path: `${folder}/${name}.png`, fullPage: true });
}

for (const size of SIZES) {
  test(`a manager records "leave now" and the leaver's other browser is signed out for good (${size.name})`, async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: size.width, height: size.height });
    const manager = await createStaff('Mina', 'Shaw', 'The Lantern, Leeds', ['--position', 'General manager']);
    await admin('role', 'grant', '--staff', manager, '--role', 'manager', '--venue', 'The Lantern, Leeds');
    const surname = unique('Leaver', size.name);
    const leaver = await createStaff('Lee', surname, 'The Lantern, Leeds', ['--position', 'Barback']);

    // The leaver, signed in on their own phone.
    const phone = await phoneOf(browser);
    await signInThroughProvider(phone, leaver, PASSWORD);

    await signInThroughProvider(page, manager, PASSWORD);
    await page.goto(`/admin/people?search=${surname.toLowerCase()}`);
    await page.getByRole('link', { name: new RegExp(`Lee ${surname}`) }).click();
    await expect(page.getByRole('heading', { level: 1, name: `Lee ${surname}` })).toBeVisible();

    await page.getByRole('button', { name: 'Record leaving' }).click();
    const dialog = page.getByRole('dialog', { name: 'Record leaving' });
    await expect(dialog.getByText('Last working day').first()).toBeVisible();
    // Nothing chosen: said before anything is sent.
    await dialog.getByRole('button', { name: 'Record leaving' }).click();
    await expect(dialog.getByText('Choose why they are leaving')).toBeVisible();
    await screen(page, `record-leaving-${size.name}`);
    await dialog.getByRole('switch', { name: 'Leave now: end their access at once' }).check();
    await dialog.getByRole('combobox', { name: /Reason/ }).click();
    await page.getByRole('option', { name: 'Resigned' }).click();
    await screen(page, `leave-now-${size.name}`);
    await dialog.getByRole('button', { name: 'Leave now' }).click();
    await expect(page.getByText(`Lee ${surname} has left: their access has ended.`)).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`Left ${ukToday()} · Resigned`)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Re-hire' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'History' }).getByText(/left now/i)).toBeVisible();
    await expectNoSideScroll(page, `a leaver's page (${size.name})`);
    await screen(page, `leaver-page-${size.name}`);

    // The list's filter finds them among those who left.
    await page.getByRole('link', { name: 'People' }).click();
    await page.getByRole('combobox', { name: 'Show' }).click();
    await page.getByRole('option', { name: 'Left' }).click();
    await expect(page).toHaveURL(/status=left/);
    await expect(page.getByRole('link', { name: new RegExp(`Lee ${surname}`) })).toBeVisible();
    await screen(page, `people-left-${size.name}`);

    // The leaver's next step: to the login page, and Login says why.
    await phone.getByRole('button', { name: 'Open menu' }).click();
    await phone.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'Team Discount' }).click();
    await phone.waitForURL('**/login');
    await phone.getByRole('button', { name: 'Login' }).click();
    await expect(phone.getByRole('alert')).toHaveText(
      `Your access ended on ${ukToday()}. Ask your manager if this is wrong.`,
    );
    await expect(phone).toHaveURL(/\/login$/);
    await screen(phone, `login-access-ended-phone-${size.name}`);
    // The alert sits above the logo.
    const alertBox = await phone.getByRole('alert').boundingBox();
    const logoBox = await phone.getByRole('img').first().boundingBox();
    expect(alertBox!.y).toBeLessThan(logoBox!.y);
    await phone.context().close();
  });
}
