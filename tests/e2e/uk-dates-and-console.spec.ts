/**
 * In a browser whose locale is American, on a phone (390x844): the console's invitation takes its start
 * date in UK order through the staff side's picker and marks every required field when sent empty; the
 * contract issued with it is not called signed before the joiner signs it; a joiner's date dialog names
 * the day in UK order; a refused upload says why (docs/product.md#date-picker, #joiners,
 * #console-documents, #files).
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import { admin, lastMailTo, linkIn } from './admin.js';
import { hrInConsole, openConsoleTab, PHONE, unique } from './console-steps.js';
import { expectDate, typeDate } from './date-fields.js';
import { departure } from './departures.js';
import { docScreenshot, expect, test } from './fixtures.js';

test.use({ viewport: PHONE, locale: 'en-US' });

/** A day as en-GB's own formatter writes it with a short weekday and month ("Tue 10 Nov"), not the app's code. */
const ukDay = (date: Date) =>
  new Intl.DateTimeFormat('en-GB', { weekday: 'short', day: 'numeric', month: 'short' }).format(date);
/** The same day in US order ("Tue, Nov 10"), which must not show. */
const usDay = (date: Date) =>
  new Intl.DateTimeFormat('en-US', { weekday: 'short', day: 'numeric', month: 'short' }).format(date);

test('the console’s invitation: every required field marked, the start date in UK order, the contract not yet signed', async ({
  page,
}) => {
  test.setTimeout(120_000);
  expect(await page.evaluate('navigator.language')).toBe('en-US');
  const surname = unique('Ode', 'phone');
  const name = `Tayo ${surname}`;
  const start = dayjs().add(21, 'day');
  await hrInConsole(page, 'Joiners');
  const form = page.getByRole('form', { name: 'Invite a joiner' });

  // Sent empty: all six required fields say what they need; nothing is sent.
  await form.getByRole('button', { name: 'Send invitation' }).click();
  for (const text of [
    'Enter their first name',
    'Enter their last name',
    'Enter an email address like name@example.com',
    'Choose a venue',
    'Enter their position: it goes into their contract',
    'Enter their start date: it goes into their contract',
  ])
    await expect(form.getByText(text)).toBeVisible();
  await expect(form.locator('.MuiFormHelperText-root.Mui-error')).toHaveCount(6);
  await expect(page.getByRole('dialog', { name: 'Invitation sent' })).toHaveCount(0);
  await form.getByRole('textbox', { name: /First name/ }).scrollIntoViewIfNeeded();
  await docScreenshot(page, 'console-invite-empty-phone', { fullPage: true });

  await form.getByLabel('First name').fill('Tayo');
  await form.getByLabel('Last name').fill(surname);
  await form.getByLabel('Email').fill(`tayo.${surname}@example.com`.toLowerCase());
  await form.getByRole('combobox', { name: /Venue/ }).click();
  await page.getByRole('option', { name: 'The Lantern, Leeds' }).click();
  await form.getByLabel('Position').fill('Commis chef');
  await typeDate(page, /Start date/, start.format('DDMMYYYY'));
  await expectDate(page, /Start date/, start.format('DD/MM/YYYY'));
  // The app's picker, not a native date input, whose order would follow the browser (mm/dd/yyyy here).
  await expect(form.locator('input[type="date"]')).toHaveCount(0);
  await expect(form.locator('.Mui-error')).toHaveCount(0);
  await docScreenshot(page, 'console-invite-start-date-phone');
  await form.getByRole('button', { name: 'Send invitation' }).click();
  const sent = page.getByRole('dialog', { name: 'Invitation sent' });
  await sent.getByRole('button', { name: 'Done' }).click();
  await expect(sent).toBeHidden();
  const card = page.getByRole('region', { name: 'Filling in details' }).getByRole('article', { name });
  await expect(card.getByText(`Starts ${start.format('DD/MM/YYYY')}`)).toBeVisible();

  // Documents: the contract issued with the invitation waits for its onboarding step.
  await openConsoleTab(page, 'Documents');
  const contract = page.getByRole('article', { name: new RegExp(`, ${name}$`) });
  await expect(contract).toBeVisible();
  await expect(contract.getByText('Unsigned')).toBeVisible();
  await expect(contract.getByText('To be signed during onboarding')).toBeVisible();
  await expect(contract.getByText(/^Signed/)).toHaveCount(0);
  await contract.scrollIntoViewIfNeeded();
  await docScreenshot(page, 'console-documents-unsigned-contract-phone');
});

test.describe('a joiner on a touch phone', () => {
  // A coarse pointer: the picker opens as the dialog whose header names the chosen day.
  test.use({ hasTouch: true, isMobile: true });

  test('names the chosen day in UK order, and a refused upload says why', async ({ page }) => {
    test.info().annotations.push(departure('upload-refusal-reason'));
    const email = `ines.roy.${Date.now().toString(36)}@example.com`;
    await admin(
      'invite',
      '--forename',
      'Ines',
      '--surname',
      'Roy',
      '--email',
      email,
      '--venue',
      'The Lantern, Leeds',
      '--position',
      'Host',
      '--start-date',
      dayjs().add(14, 'day').format('YYYY-MM-DD'),
    );
    await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
    expect(await page.evaluate('navigator.language')).toBe('en-US');
    await expect(page.getByRole('heading', { name: /Ines/ })).toBeVisible();

    await page.getByRole('button', { name: /Choose date/ }).click();
    const dialog = page.getByRole('dialog');
    const adultYear = new Date().getFullYear() - 18;
    await dialog.getByRole('radio', { name: String(adultYear) }).click();
    await dialog.getByRole('gridcell', { name: '10', exact: true }).click();
    // The month the calendar shows: the days of that year's current month.
    const chosen = new Date(adultYear, new Date().getMonth(), 10);
    await expect(dialog.getByText(ukDay(chosen), { exact: true })).toBeVisible();
    await expect(dialog.getByText(usDay(chosen), { exact: true })).toHaveCount(0);
    await docScreenshot(page, 'onboard-date-dialog-uk-phone');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expectDate(page, /Date of birth/, dayjs(chosen).format('DD/MM/YYYY'));

    // A text file as the right-to-work document: the server refuses it, and the control says why.
    await page.getByRole('radio', { name: 'British or Irish passport' }).check();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
    const notes = path.join(dir, 'passport.pdf');
    await fs.writeFile(notes, 'Not a passport, just some notes.\n');
    await page.getByLabel('Upload Right-to-work document').setInputFiles(notes);
    const refused = page.getByText(
      'Something went wrong, please try again. That type of file is not accepted. Upload one of: PDF, JPG, PNG, WEBP.',
    );
    await expect(refused).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Right-to-work document' })).toHaveValue('');
    await refused.scrollIntoViewIfNeeded();
    await docScreenshot(page, 'onboard-upload-refused-phone');
  });
});
