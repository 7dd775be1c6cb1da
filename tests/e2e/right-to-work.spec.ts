/**
 * Right-to-work records in the console (docs/product.md#right-to-work-records) as HR uses them, at phone
 * and desktop size: the view lists a person without a check; on their page HR records a manual check
 * with time-limited permission on a copy uploaded in the dialog, and the person moves to "Expiring".
 * Also the Set-up screen's reminder switches (docs/product.md#reminders). Screenshots go to
 * .tmp/screens-rtw/ to be looked at.
 */
import dayjs from 'dayjs';
import { simplePdf } from '../support/fixtures.js';
import { createStaff, hrInConsole, openConsoleTab, SIZES } from './console-steps.js';
import { typeDate } from './date-fields.js';
import { expect, test } from './fixtures.js';

const SHOTS = '.tmp/screens-rtw';

for (const size of SIZES) {
  test(`HR records a right-to-work check at ${size.name} size`, async ({ page }) => {
    await page.setViewportSize({ width: size.width, height: size.height });
    const surname = `Quinn${size.name === 'phone' ? 'p' : 'd'}${Date.now().toString(36)}`;
    await createStaff('Rowan', surname, 'The Lantern, Leeds', [
      '--start-date',
      dayjs().add(3, 'day').format('YYYY-MM-DD'),
    ]);
    await hrInConsole(page, 'Right to work');
    await expect(page.getByRole('heading', { name: 'Right to work' })).toBeVisible();
    await expect(page.getByRole('tab', { name: /No check \(\d+\)/ })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/view-none-${size.name}.png`, fullPage: true });

    // Sorted by start date, latest first, the newest person is near the top.
    await page.getByRole('button', { name: 'Start date' }).click();
    await page.getByRole('link', { name: `Rowan ${surname}` }).click();
    await expect(page.getByRole('heading', { name: `Rowan ${surname}` })).toBeVisible();
    const card = page.getByRole('region', { name: 'Right to work' });
    await expect(card.getByText('No check recorded yet.')).toBeVisible();
    await card.getByRole('button', { name: 'Record check' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByText(`Record a right-to-work check for Rowan ${surname}`)).toBeVisible();
    await dialog.getByLabel('Permission to work is time-limited').check();
    const expires = dayjs().add(60, 'day');
    await typeDate(page, /Permission expires on/, expires.format('DDMMYYYY'));
    await typeDate(page, /Follow-up check on/, expires.subtract(14, 'day').format('DDMMYYYY'));
    await dialog.locator('input[type=file]').setInputFiles({
      name: 'visa.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(await simplePdf('Visa')),
    });
    await expect(dialog.getByRole('checkbox', { name: /visa\.pdf/ })).toBeChecked();
    await page.screenshot({ path: `${SHOTS}/record-dialog-${size.name}.png`, fullPage: true });
    await dialog.getByRole('button', { name: 'Record check' }).click();
    await expect(page.getByText(`Right-to-work check recorded for Rowan ${surname}.`)).toBeVisible();
    await expect(card.getByText('Manual document check')).toBeVisible();
    await expect(card.getByText(`Expires ${expires.format('DD/MM/YYYY')}`, { exact: false })).toBeVisible();
    await expect(card.getByRole('button', { name: 'Record follow-up check' })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/person-card-${size.name}.png`, fullPage: true });

    await openConsoleTab(page, 'Right to work');
    await page.getByRole('tab', { name: /Expiring in 90 days/ }).click();
    await expect(page.getByRole('link', { name: `Rowan ${surname}` })).toBeVisible();
    await page.screenshot({ path: `${SHOTS}/view-expiring-${size.name}.png`, fullPage: true });

    await openConsoleTab(page, 'Set-up');
    const reminders = page.getByRole('region', { name: 'Reminders' });
    await reminders.scrollIntoViewIfNeeded();
    await expect(reminders.getByRole('switch', { name: /Weekly digest/ })).toBeChecked();
    await reminders.screenshot({ path: `${SHOTS}/setup-reminders-${size.name}.png` });
  });
}
