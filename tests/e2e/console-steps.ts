/**
 * The HR console's e2e steps shared by its specs: staff made with the CLI, HR signed in and in the
 * console, another person's browser, a joiner's onboarding from their emailed link, and a member
 * adding a van with its insurance certificate.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { simplePdf } from '../support/fixtures.js';
import { admin, lastMailTo, linkIn } from './admin.js';
import { typeDate } from './date-fields.js';
import { expect, signInThroughProvider } from './fixtures.js';

export const PASSWORD = 'Welcome2026';
export const PHONE = { width: 390, height: 844 };
export const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', ...PHONE },
] as const;

/** A name no one else in the run has, so the board and the queue find this test's own. */
export const unique = (name: string, size: string) =>
  `${name}${size === 'phone' ? 'p' : 'd'}${Date.now().toString(36)}`;

/** A new address for a person, in ASCII letters whatever script the name is written in (Łukasz: ukasz). */
const addressFor = (forename: string, surname: string) =>
  `${forename}.${surname}.${Date.now().toString(36)}@example.com`
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '')
    .toLowerCase();

/** A new staff member at `venue` who can sign in with PASSWORD; answers their email address. */
export async function createStaff(
  forename: string,
  surname: string,
  venue: string,
  extra: string[] = [],
): Promise<string> {
  const email = addressFor(forename, surname);
  await admin(
    'create-staff',
    '--forename',
    forename,
    '--surname',
    surname,
    '--email',
    email,
    '--password',
    PASSWORD,
    '--venue',
    venue,
    ...extra,
  );
  return email;
}

/** A joiner invited with the CLI as a bartender at The Lantern, Leeds; answers their email and onboarding link's path. */
export async function inviteJoiner(forename: string, surname: string): Promise<{ email: string; path: string }> {
  const email = addressFor(forename, surname);
  await admin(
    'invite',
    '--forename',
    forename,
    '--surname',
    surname,
    '--email',
    email,
    '--venue',
    'The Lantern, Leeds',
    '--position',
    'Bartender',
    '--start-date',
    '2026-12-14',
  );
  return { email, path: new URL(linkIn(await lastMailTo(email))).pathname };
}

/** A console screen's tab label. */
export type ConsoleScreen =
  'People' | 'Joiners' | 'Insurance' | 'Right to work' | 'Documents' | 'Surveys' | 'Set-up' | 'Payroll';

/** HR (Hana Reid), made with the CLI, signed in, in the console at `screen` reached from the menu and the console's tabs. */
export async function hrInConsole(page: Page, screen: ConsoleScreen): Promise<void> {
  const hr = await createStaff('Hana', 'Reid', 'The Lantern, York', ['--position', 'People partner']);
  await admin('role', 'grant', '--staff', hr, '--role', 'hr');
  await signInThroughProvider(page, hr, PASSWORD);
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('navigation', { name: 'Main menu' }).getByRole('button', { name: 'HR console' }).click();
  await page.waitForURL('**/admin/people');
  await openConsoleTab(page, screen);
}

/** Moves to another console screen through its tab. */
export async function openConsoleTab(page: Page, screen: ConsoleScreen): Promise<void> {
  const tab = page.getByRole('navigation', { name: 'HR console' }).getByRole('tab', { name: screen });
  await tab.scrollIntoViewIfNeeded();
  await tab.click();
  await expect(tab).toHaveAttribute('aria-selected', 'true');
}

/** Another person's browser, at phone size: their cookies are their own. */
export async function phoneOf(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ viewport: PHONE });
  return context.newPage();
}

/** Draws a signature-like stroke across the pad with the mouse (the joiner journey's too); `label` is the pad's name in the page's language. */
export async function drawSignature(page: Page, label = 'Signature pad'): Promise<void> {
  const pad = page.getByLabel(label);
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++) {
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 24),
      box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)),
      { steps: 2 },
    );
  }
  await page.mouse.up();
}

/** The joiner's side, as tests/e2e/joiner-journey.spec.ts drives it: details, contract, password; `dir` holds the passport scan. */
export async function completeOnboarding(page: Page, link: string, dir: string): Promise<void> {
  await page.goto(new URL(link).pathname);
  await typeDate(page, /Date of birth/, '17041999');
  await page.getByLabel(/National Insurance number/).fill('AB 12 34 56 C');
  await page.getByLabel(/Mobile number/).fill('07911 123456');
  await page.getByLabel(/Address line 1/).fill('12 Briggate');
  await page.getByLabel(/Postcode/).fill('LS1 6HD');
  await page.getByRole('radio', { name: 'British or Irish passport' }).check();
  const passport = path.join(dir, 'passport.pdf');
  await fs.writeFile(passport, await simplePdf('Passport'));
  await page.getByLabel('Upload Right-to-work document').setInputFiles(passport);
  await expect(page.getByRole('button', { name: 'Replace' })).toBeVisible();
  await page.getByLabel(/Emergency contact name/).fill('Pat Ali');
  await page.getByLabel(/Relationship to you/).click();
  await page.getByRole('option', { name: 'Parent' }).click();
  await page.getByLabel(/Emergency contact phone/).fill('0113 496 0000');
  await page.getByLabel(/Account number/).fill('31926819');
  await page.getByLabel(/Sort code/).fill('60-16-13');
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('heading', { name: 'The legal bit...' })).toBeVisible();
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Contract' }).click();

  await expect(page.getByRole('heading', { name: 'One more thing...' })).toBeVisible();
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Repeat password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Set my password' }).click();
  await expect(page.getByRole('heading', { name: 'Almost done!' })).toBeVisible();
}

/**
 * The signed-in member on `page` adds the van YK19ALE with a business-use insurance certificate (a PDF
 * written into `dir`), and sees it pending HR's approval.
 */
export async function addVanWithCertificate(page: Page, dir: string): Promise<void> {
  await page.goto('/vehicle-management');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  const add = page.getByRole('dialog');
  await add.getByLabel('Registration').fill('YK19ALE');
  const certificate = path.join(dir, 'van-insurance.pdf');
  await fs.writeFile(certificate, await simplePdf('Certificate of motor insurance: business class 2'));
  await add.getByLabel('Upload Insurance document').setInputFiles(certificate);
  await add.getByRole('button', { name: 'Add' }).click();
  await expect(add).toBeHidden();
  await expect(page.getByText('Pending approval')).toBeVisible();
}
