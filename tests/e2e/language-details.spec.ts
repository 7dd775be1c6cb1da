/**
 * My Details and My Vehicles in the member's language (docs/decisions/0069-member-language.md), on a
 * phone (390x844): a member picks Polish in the menu and reads both pages, the banking modal and a
 * vehicle's card in Polish; then both pages and the My Details modals, walked in the pseudo-locale, show
 * no text that bypassed the catalogues and nothing cut off or overflowing. Screenshots of both walks
 * land in `.tmp/screenshots/`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { simplePdf } from '../support/fixtures.js';
import { admin } from './admin.js';
import { expect, expectNoSideScroll, settleForScreenshot, signInThroughProvider, test } from './fixtures.js';
import { BRAND_NAMES, cutOffText, expectTranslatedAndRoomy, outsideCards } from './pseudo-locale.js';

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'Welcome2026';
/** A registration the embedded vehicle lookup knows (templates/vehicle-lookup.json). */
const REGISTRATION = 'LS21BAR';
const INSURANCE_FILE = 'motor-insurance.pdf';

/** A new member, signed in on `page` (on the dashboard); answers their email address. */
async function newMember(page: Page, forename: string): Promise<string> {
  const email = `${forename.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    ...['--forename', forename, '--surname', 'Nowak', '--email', email, '--password', PASSWORD],
    ...['--venue', 'The Lantern, Leeds', '--position', 'Barista', '--date-of-birth', '1996-02-02'],
  );
  await signInThroughProvider(page, email, PASSWORD);
  return email;
}

/** Adds the vehicle REGISTRATION with an insurance PDF through the open Add Vehicle dialog; `add` names its button. */
async function addVehicle(dialog: Locator, registrationLabel: string, add: string): Promise<void> {
  await dialog.getByLabel(registrationLabel).fill(REGISTRATION.toLowerCase());
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const pdf = path.join(dir, INSURANCE_FILE);
  await fs.writeFile(pdf, await simplePdf('Certificate of motor insurance: business class 2'));
  await dialog.locator('input[type="file"]').setInputFiles(pdf);
  await dialog.getByRole('button', { name: add, exact: true }).click();
  await expect(dialog).toBeHidden();
}

test('a member who picks Polish reads My Details and My Vehicles in Polish', async ({ page }) => {
  // Sign-in, a language fetched, two pages, a modal and an upload on two busy cores.
  test.setTimeout(120_000);
  await newMember(page, 'Marta');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByLabel('Language').selectOption('pl');
  await page.getByRole('button', { name: 'Moje dane' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Moje dane' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Moje informacje' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Kopia moich danych' })).toBeVisible();
  await expect(page.getByText('Nie podano jeszcze danych bankowych')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Pobierz moje dane' })).toBeVisible();
  await expectNoSideScroll(page, 'My Details in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-my-details.png', fullPage: true });

  // The bank terms keep their UK names, explained.
  await page.getByRole('button', { name: 'Edytuj: Dane bankowe' }).click();
  const banking = page.getByRole('dialog', { name: 'Dane bankowe' });
  await expect(banking.getByLabel('Account number (nr konta, 8 cyfr)')).toBeVisible();
  await expect(banking.getByLabel('Sort code (6-cyfrowy kod banku)')).toBeVisible();
  await expect(banking.getByText('Nie zapisano jeszcze numeru konta')).toBeVisible();
  expect(await cutOffText(page, '[role="dialog"]'), 'the banking modal in Polish').toEqual([]);
  await expectNoSideScroll(page, 'the banking modal in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-banking.png' });
  await page.keyboard.press('Escape');
  await expect(banking).toBeHidden();

  await page.getByRole('button', { name: 'Otwórz menu' }).click();
  await page.getByRole('button', { name: 'Moje pojazdy' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Moje pojazdy' })).toBeVisible();
  await expect(page.getByText('Nie masz jeszcze pojazdów')).toBeVisible();
  await expect(page.getByRole('note')).toContainText('MOT (brytyjskiego przeglądu technicznego)');
  await page.getByRole('button', { name: 'Dodaj pojazd' }).click();
  await addVehicle(page.getByRole('dialog', { name: 'Dodaj pojazd' }), 'Numer rejestracyjny', 'Dodaj');
  const added = page.getByRole('alert').filter({ hasText: `Pojazd ${REGISTRATION} został dodany.` });
  await expect(added).toBeVisible();
  // Out of the way of the card in the screenshot.
  await added.getByRole('button').click();
  await expect(added).toBeHidden();

  const card = page.getByRole('article', { name: REGISTRATION });
  await expect(card.getByText('Marka')).toBeVisible();
  await expect(card.getByText('Rodzaj paliwa')).toBeVisible();
  await expect(card.getByRole('heading', { name: 'MOT (przegląd techniczny)' })).toBeVisible();
  await expect(card.getByText('Czeka na zatwierdzenie')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Wymień dokument' })).toBeVisible();
  // Dates stay as the UK writes them.
  await expect(card.getByText(/^\d{2}\/\d{2}\/\d{4}$/).first()).toBeVisible();
  await expectNoSideScroll(page, 'My Vehicles in Polish');
  expect(await cutOffText(page, 'main'), 'My Vehicles in Polish').toEqual([]);
  expect(await outsideCards(page), 'My Vehicles in Polish').toEqual([]);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-my-vehicles.png', fullPage: true });
});

test('My Details, its modals and My Vehicles, in the pseudo-locale, show no untranslated text and nothing cut off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const email = await newMember(page, 'Ana');
  // A vehicle on the list, added in English, so its card is walked too.
  await page.goto('/vehicle-management');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await addVehicle(page.getByRole('dialog', { name: 'Add Vehicle' }), 'Registration', 'Add');

  // The brands' names, as their logos' text alternatives give them, are names, not messages.
  const data = [email, 'Ana', 'Nowak', 'Ana Nowak', 'Staffroom', INSURANCE_FILE, ...BRAND_NAMES];
  await page.evaluate(`localStorage.setItem('staffroom.language', 'pseudo')`);

  await page.goto('/my-details');
  await expect(page.locator('h1')).toContainText('~');
  await expectTranslatedAndRoomy(page, '/my-details', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-my-details.png', fullPage: true });

  // Each card's modal: Email & Contact, Banking, Personal & Profile, Profile Picture.
  for (const index of [0, 1, 2, 3]) {
    await page.getByRole('article').nth(index).getByRole('button').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.locator('h2')).toContainText('~');
    const what = `the modal of card ${index + 1}`;
    await expectTranslatedAndRoomy(page, what, data, '[role="dialog"]');
    await settleForScreenshot(page);
    await page.screenshot({ path: `.tmp/screenshots/pseudo-my-details-modal-${index + 1}.png` });
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
  }

  await page.goto('/vehicle-management');
  await expect(page.getByRole('article', { name: REGISTRATION })).toContainText('~');
  await expectTranslatedAndRoomy(page, '/vehicle-management', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-my-vehicles.png', fullPage: true });
});
