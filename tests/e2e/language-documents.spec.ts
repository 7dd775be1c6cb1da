/**
 * The contract, agreement and My Documents pages in the member's language
 * (docs/decisions/0069-member-language.md), on a phone (390x844): a member whose phone prefers Polish
 * is offered Polish on their agreement link, takes it, reads and signs the agreement in Polish (the
 * agreement itself as HR wrote it, in English, which the page says), then reads My Documents in
 * Polish; and the pages, walked in the pseudo-locale, show no text that bypassed the catalogues
 * outside the documents themselves and nothing cut off or overflowing. Screenshots of the Polish
 * screens land in `.tmp/screenshots/`.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { simplePdf } from '../support/fixtures.js';
import { admin, lastMailTo, linkIn } from './admin.js';
import { createStaff, PASSWORD, PHONE } from './console-steps.js';
import { expect, expectNoSideScroll, expectTapTargets, settleForScreenshot, test } from './fixtures.js';
import { BRAND_NAMES, expectTranslatedAndRoomy } from './pseudo-locale.js';

// A phone whose browser puts Polish first, as a Polish member's would.
test.use({ viewport: PHONE, locale: 'pl-PL' });

const VENUE = 'The Lantern, Leeds';
const AGREEMENT = 'Tips and tronc policy';
const CONTRACT = 'Contract of employment';
const DATE = String.raw`\d{2}/\d{2}/\d{4}`;

/** A new member with an agreement and a contract waiting; answers their email and the agreement link's path. */
async function memberWithDocuments(forename: string): Promise<{ email: string; agreement: string; contract: string }> {
  const email = await createStaff(forename, 'Kowalska', VENUE, [
    '--position',
    'Bartender',
    '--start-date',
    '2026-12-01',
  ]);
  const issue = (kind: string, template: string, title: string) =>
    admin(kind, 'issue', '--staff', email, '--template', template, '--title', title);
  await issue('agreement', 'templates/agreements/tips-and-tronc-policy.html', AGREEMENT);
  const agreement = new URL(linkIn(await lastMailTo(email))).pathname;
  await issue('contract', 'templates/contract-of-employment.html', CONTRACT);
  const contract = new URL(linkIn(await lastMailTo(email))).pathname;
  return { email, agreement, contract };
}

/** Draws a signature-like stroke across the pad named `label` (its name in the page's language). */
async function drawSignature(page: Page, label: string | RegExp): Promise<void> {
  const pad = page.getByRole('img', { name: label });
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 20, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 24; i++)
    await page.mouse.move(
      box.x + 20 + i * ((box.width - 40) / 24),
      box.y + box.height * (0.5 + 0.3 * Math.sin(i / 3)),
      { steps: 2 },
    );
  await page.mouse.up();
}

/** The provider's sign-in form's labels, in the language the device chose (English without one). */
const PROVIDER_FORM = {
  en: { email: 'Email address', password: 'Password', submit: 'Sign in' },
  pl: { email: 'Adres e-mail', password: 'Hasło', submit: 'Zaloguj się' },
};

/**
 * From /login, whose button reads `login` in the page's language, through the provider's page (in
 * `form`'s language), to the dashboard.
 */
async function signIn(
  page: Page,
  email: string,
  login: string | RegExp,
  form: (typeof PROVIDER_FORM)[keyof typeof PROVIDER_FORM] = PROVIDER_FORM.en,
): Promise<void> {
  await page.goto('/login');
  await page.getByRole('button', { name: login }).click();
  await page.getByLabel(form.email).fill(email);
  await page.getByLabel(form.password).fill(PASSWORD);
  await page.getByRole('button', { name: form.submit }).click();
  await page.waitForURL('**/dashboard');
}

test('a member offered Polish on their agreement link signs it in Polish, then reads My Documents in Polish', async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { email, agreement } = await memberWithDocuments('Zofia');

  // English until they choose: the offer asks, in Polish.
  await page.goto(agreement);
  await expect(page.getByRole('heading', { level: 1, name: 'Agreements' })).toBeVisible();
  const offer = page.getByRole('region', { name: 'Wolisz polski?' });
  await expect(offer).toBeVisible();
  await expect(page.getByText(/is in English/)).toBeHidden();
  await offer.getByRole('button', { name: 'Przełącz na polski' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Porozumienia' })).toBeVisible();
  await expect(offer).toBeHidden();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  // The agreement, its name and its text, as HR wrote them, and a note saying so.
  await expect(page.getByRole('heading', { level: 2, name: AGREEMENT })).toBeVisible();
  await expect(
    page.getByText('To porozumienie jest w języku angielskim, w którym przygotował je dział kadr.'),
  ).toBeVisible();
  await expect(page.getByRole('region', { name: AGREEMENT })).toHaveAttribute('lang', 'en-GB');
  await expect(page.getByText(/^Przeczytaj uważnie poniższe porozumienie/)).toBeVisible();
  await expect(page.getByText('Podpisz się w polu poniżej myszką lub palcem.')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Wyczyść' })).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Podpisz porozumienie' })).toBeDisabled();
  await expectNoSideScroll(page, 'the agreement in Polish');
  await expectTapTargets(page, 'the agreement in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-agreement.png', fullPage: true });

  await drawSignature(page, 'Pole podpisu');
  await page.getByRole('button', { name: 'Podpisz porozumienie' }).click();
  await expect(page.getByText(new RegExp(`^To porozumienie zostało podpisane dnia ${DATE}$`))).toBeVisible();
  await expect(page.getByRole('link', { name: 'Pobierz podpisany PDF' })).toBeVisible();

  // Signed in, the phone's choice is theirs: the provider's page and My Documents read Polish.
  await signIn(page, email, 'Zaloguj się', PROVIDER_FORM.pl);
  await page.goto('/my-documents');
  await expect(page.getByRole('heading', { level: 1, name: 'Moje dokumenty' })).toBeVisible();
  const list = page.getByRole('list', { name: 'Twoje dokumenty' });
  await expect(list.getByRole('link')).toHaveCount(2);
  const contractRow = list.getByRole('link', { name: new RegExp(CONTRACT) });
  await expect(contractRow).toContainText(new RegExp(`Umowa o pracę · wystawiona ${DATE}`));
  await expect(contractRow).toContainText('Czeka na Twój podpis');
  const agreementRow = list.getByRole('link', { name: new RegExp(AGREEMENT) });
  await expect(agreementRow).toContainText(new RegExp(`Porozumienie · wystawione ${DATE}`));
  await expect(agreementRow).toContainText(new RegExp(`Podpisano ${DATE}`));
  await expectNoSideScroll(page, 'My Documents in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-my-documents.png', fullPage: true });

  // The signed agreement in the viewer, its controls in Polish.
  await agreementRow.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Porozumienia' })).toBeVisible();
  const toolbar = page.getByRole('toolbar', { name: `Powiększenie: ${AGREEMENT}` });
  await expect(toolbar.getByRole('button', { name: 'Dopasuj szerokość' })).toBeVisible();
  await expect(toolbar.getByRole('button', { name: 'Powiększ' })).toBeVisible();
  await expect(page.getByRole('region', { name: AGREEMENT }).locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('link', { name: 'Otwórz PDF w nowej karcie' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Moje dokumenty' })).toBeVisible();
  await expectNoSideScroll(page, 'the signed agreement in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-my-document.png', fullPage: true });
});

test('the document pages, in the pseudo-locale, show no untranslated text and nothing cut off or overflowing', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { email, agreement, contract } = await memberWithDocuments('Ana');
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const pdf = path.join(dir, 'locker-agreement.pdf');
  await fs.writeFile(pdf, await simplePdf('Locker 12 is yours while you work here.'));
  await admin('agreement', 'issue', '--staff', email, '--template', pdf, '--title', 'Locker agreement');
  const pdfAgreement = new URL(linkIn(await lastMailTo(email))).pathname;
  const data = [...BRAND_NAMES, 'Ana', 'Ana Kowalska', AGREEMENT, CONTRACT, 'Locker agreement'];
  await page.addInitScript(`localStorage.setItem('staffroom.language', 'pseudo')`);

  // The contract link and the HTML agreement, unsigned.
  await page.goto(contract);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('~');
  await expect(page.getByRole('region', { name: CONTRACT })).toBeVisible();
  await expectTranslatedAndRoomy(page, 'the contract', data);
  await page.goto(agreement);
  await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('~');
  await expectTranslatedAndRoomy(page, 'the agreement', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-agreement.png', fullPage: true });

  // Signed, on its page.
  await drawSignature(page, /~/);
  await page.getByRole('button', { name: /~/ }).last().click();
  await expect(page.getByRole('link', { name: /~/ })).toBeVisible();
  await expectTranslatedAndRoomy(page, 'the signed agreement', data);

  // A PDF agreement: the viewer's zoom bar and its link.
  await page.goto(pdfAgreement);
  await expect(page.getByRole('region', { name: 'Locker agreement' }).locator('canvas').first()).toBeVisible();
  await expect(page.getByRole('toolbar')).toHaveAttribute('aria-label', /~/);
  await expectTranslatedAndRoomy(page, 'the PDF agreement', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-pdf-agreement.png', fullPage: true });

  // My Documents: the list, and the signed one in the viewer, inside the frame.
  await signIn(page, email, /~/);
  await page.goto('/my-documents');
  const list = page.getByRole('list', { name: /~/ });
  await expect(list.getByRole('link')).toHaveCount(3);
  await expectTranslatedAndRoomy(page, 'My Documents', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-my-documents.png', fullPage: true });
  await list.getByRole('link', { name: new RegExp(AGREEMENT) }).click();
  await expect(page.getByRole('region', { name: AGREEMENT }).locator('canvas').first()).toBeVisible();
  await expectTranslatedAndRoomy(page, 'the signed agreement in My Documents', data);
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-my-document.png', fullPage: true });
  await fs.rm(dir, { recursive: true, force: true });
});
