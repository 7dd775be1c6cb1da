/**
 * The journey in Chromium at phone size against the built app: HR invites from the CLI, the
 * joiner opens the emailed link, fills the form (server errors shown and corrected, a file
 * uploaded, bank details for payroll), signs the contract by drawing on the pad with the mouse, sets a
 * password and signs in at the provider, onboarded (no welcome line, the bank details in My Details); then signs a contract and an agreement from their own links and downloads the
 * signed PDFs. With SCREENSHOTS=1 each screen is captured into docs/screenshots.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import dayjs from 'dayjs';
import type { Page } from '@playwright/test';
import { simplePdf } from '../support/fixtures.js';
import { pdfPages } from '../support/pdf-text.js';
import { admin, lastMailTo, linkIn } from './admin.js';
import { drawSignature, PHONE } from './console-steps.js';
import { typeDate } from './date-fields.js';
import { expect, docScreenshot, expectNoSideScroll, test } from './fixtures.js';

/** Takes the phone screenshot of a screen, after checking nothing makes the page scroll sideways. */
async function shot(page: Page, name: string) {
  await expectNoSideScroll(page, name);
  await docScreenshot(page, `${name}-phone`, { fullPage: true });
}

test.use({ viewport: PHONE });

test('a joiner goes from the emailed link to the dashboard, and signs documents from their own links', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const email = `erin.walsh.${Date.now().toString(36)}@example.com`;
  const start = dayjs().add(10, 'day');

  // HR invites; the CLI prints the link on its last line and the email carries the same link.
  const lines = await admin(
    'invite',
    '--forename',
    'Erin',
    '--surname',
    'Walsh',
    '--email',
    email,
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bartender',
    '--start-date',
    start.format('YYYY-MM-DD'),
  );
  const mail = await lastMailTo(email);
  const link = linkIn(mail);
  expect(lines.at(-1)).toBe(link);

  await page.goto(new URL(link).pathname);
  await expect(page.getByRole('heading', { name: /Erin/ })).toBeVisible();
  await expect(page.getByText(/delighted/i)).toBeVisible();
  await shot(page, 'onboard-details');

  // The form, with one mistake the server catches.
  await typeDate(page, /Date of birth/, '17041999');
  await page.getByLabel(/National Insurance number/).fill('QQ123');
  await page.getByLabel(/Mobile number/).fill('07911 123456');
  await page.getByLabel(/Address line 1/).fill('12 Briggate');
  await page.getByLabel(/Postcode/).fill('LS1 6HD');
  await page.getByRole('radio', { name: 'Home Office share code (eVisa, settled or pre-settled status)' }).check();
  // The dependent share-code field appears only for that answer.
  await expect(page.getByLabel(/Share code/)).toBeVisible();
  await page.getByRole('radio', { name: 'British or Irish passport' }).check();
  await expect(page.getByLabel(/Share code/)).toHaveCount(0);

  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const passport = path.join(dir, 'passport.pdf');
  await fs.writeFile(passport, await simplePdf('Passport of Erin Walsh'));
  await page.getByLabel('Upload Right-to-work document').setInputFiles(passport);
  await expect(page.getByRole('textbox', { name: 'Right-to-work document' })).toHaveValue('passport.pdf');
  await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();

  await page.getByLabel(/Emergency contact name/).fill('Pat Walsh');
  await page.getByLabel(/Relationship to you/).click();
  await page.getByRole('option', { name: 'Parent' }).click();
  await page.getByLabel(/Emergency contact phone/).fill('0113 496 0000');
  // Bank details for payroll, on the numeric keyboard; the sort code one digit short.
  await expect(page.getByRole('heading', { name: 'Your pay' })).toBeVisible();
  await expect(page.getByLabel(/Account number/)).toHaveAttribute('inputmode', 'numeric');
  await page.getByLabel(/Account number/).fill('4081 7263');
  await page.getByLabel(/Sort code/).fill('20-71-5');

  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Enter a National Insurance number in capitals, like AB 12 34 56 C')).toBeVisible();
  await expect(page.getByText('Enter the 6-digit sort code, like 12-34-56')).toBeVisible();
  await shot(page, 'onboard-details-error');
  // Nothing typed was lost; the mistakes are corrected and sent again.
  await expect(page.getByLabel(/Emergency contact name/)).toHaveValue('Pat Walsh');
  await expect(page.getByLabel(/Account number/)).toHaveValue('4081 7263');
  await page.getByLabel(/National Insurance number/).fill('AB 12 34 56 C');
  await page.getByLabel(/Sort code/).fill('20-71-54');
  await page.getByRole('button', { name: 'Continue' }).click();

  // The contract: merged with Erin's details, signed by drawing on the pad.
  await expect(page.getByRole('heading', { name: 'The legal bit...' })).toBeVisible();
  await expect(page.getByText(/Erin Walsh/).first()).toBeVisible();
  await expect(page.getByText(start.format('DD/MM/YYYY')).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign Contract' })).toHaveCount(0);
  await drawSignature(page);
  await expect(page.getByRole('button', { name: 'Sign Contract' })).toBeEnabled();
  await shot(page, 'onboard-contract');
  await page.getByRole('button', { name: 'Sign Contract' }).click();

  // The password, with live hints.
  await expect(page.getByRole('heading', { name: 'One more thing...' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill('Welcome2026');
  await page.getByLabel('Repeat password', { exact: true }).fill('Welcome2026');
  await shot(page, 'onboard-password');
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('heading', { name: 'Almost done!' })).toBeVisible();
  await shot(page, 'onboard-complete');

  // The joiner signs in at the provider with that email and password and lands on the dashboard.
  await page.getByRole('link', { name: 'Sign in to Staffroom' }).click();
  await page.waitForURL('**/login');
  await page.getByRole('button', { name: 'Login' }).click();
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('Welcome2026');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Erin$/);
  // Onboarding is complete, so the record says so: no "Welcome to the team!" line (docs/product.md#greeting),
  // and the bank details given in onboarding are held, shown masked as ever.
  await expect(page.getByText('What do you want to do today?')).toBeVisible();
  await expect(page.getByText(/Welcome to the team!/)).toHaveCount(0);
  await page.goto('/my-details');
  await expect(page.getByText('Account ending 7263')).toBeVisible();
  await expect(page.getByText('Sort code **-**-54')).toBeVisible();

  // A contract from its own link (HTML template).
  await admin(
    'contract',
    'issue',
    '--staff',
    email,
    '--template',
    'templates/contract-of-employment.html',
    '--title',
    'Contract of employment (updated)',
  );
  const contractLink = linkIn(await lastMailTo(email));
  expect(contractLink).toContain('/contract/');
  await page.goto(new URL(contractLink).pathname);
  await expect(page.getByRole('heading', { name: 'Contracts' })).toBeVisible();
  await expect(page.getByText('Bartender').first()).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page.getByText(`This contract was signed on ${dayjs().format('DD/MM/YYYY')}`)).toBeVisible();
  await shot(page, 'contract-signed');
  const contractPdf = await page.request.get(`/api/staff/employment/contract/${contractLink.split('/').pop()}/pdf`);
  expect(contractPdf.headers()['content-type']).toBe('application/pdf');
  const contractPages = await pdfPages(await contractPdf.body());
  expect(contractPages.at(-1)).toContain('Signature certificate');
  expect(contractPages.at(-1)).toContain('Erin Walsh');
  expect(contractPages.at(-1)).toContain(email);

  // An agreement from its own link (PDF), shown with pdf.js.
  const agreementFile = path.join(dir, 'uniform-agreement.pdf');
  await fs.writeFile(agreementFile, await simplePdf('Uniform agreement: return all items when you leave'));
  await admin('agreement', 'issue', '--staff', email, '--template', agreementFile, '--title', 'Uniform agreement');
  const agreementLink = linkIn(await lastMailTo(email));
  await page.goto(new URL(agreementLink).pathname);
  await expect(page.getByRole('heading', { name: 'Agreements' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Uniform agreement' }).locator('canvas').first()).toBeVisible();
  await shot(page, 'agreement');
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Agreement' }).click();
  await expect(page.getByText(`This agreement was signed on ${dayjs().format('DD/MM/YYYY')}`)).toBeVisible();
  const agreementPdf = await page.request.get(`/api/staff/agreement/${agreementLink.split('/').pop()}/pdf`);
  const agreementPages = await pdfPages(await agreementPdf.body());
  expect(agreementPages[0]).toContain('Uniform agreement: return all items when you leave');
  expect(agreementPages.at(-1)).toContain('Signature certificate');
  expect(agreementPages.at(-1)).toContain('the PDF file shown');

  await fs.rm(dir, { recursive: true, force: true });
});

test('an unknown or expired link shows a friendly page, not a crash', async ({ page }) => {
  for (const route of ['onboard', 'contract', 'agreement']) {
    await page.goto(`/${route}/${'x'.repeat(43)}`);
    await expect(page.getByText('This link has expired or is not valid')).toBeVisible();
    await expect(page.getByText('Ask your manager to send you a new one.')).toBeVisible();
  }
  await shot(page, 'link-not-valid');
});
