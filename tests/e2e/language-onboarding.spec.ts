/**
 * The joiner's onboarding pages in the joiner's language (docs/decisions/0069-member-language.md), on a
 * phone (390x844): a joiner whose browser is English picks Polish on the page (a joiner has no menu) and
 * reads the details step in Polish, HR's labels as written and the UK terms explained, and the server's
 * errors under the fields in Polish; a phone that prefers Polish is offered it; and the details and
 * password steps, walked in the pseudo-locale, show no text that bypassed the catalogues outside HR's fieldset and nothing that overflows the screen.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import YAML from 'yaml';
import { compileCatalogue, pseudoLocalise, readCatalogue } from '../../scripts/vite-catalogues.js';
import { simplePdf } from '../support/fixtures.js';
import { drawSignature, inviteJoiner, PHONE } from './console-steps.js';
import { typeDate } from './date-fields.js';
import { expect, expectNoSideScroll, expectTapTargets, settleForScreenshot, test } from './fixtures.js';
import { BRAND_NAMES, cutOffText, untranslatedText } from './pseudo-locale.js';

test.use({ viewport: PHONE });

const english = readCatalogue('en-GB');
/** A message as the pseudo-locale shows it (without placeholders). */
const pseudo = (key: string) => pseudoLocalise(english[key]!);
/** The upload control's label of a file field as the pseudo-locale shows it. */
const pseudoUpload = (label: string) =>
  compileCatalogue({ upload: english['common.forms.upload']! }, pseudoLocalise)
    .upload!.map((token) => (typeof token === 'string' ? token : label))
    .join('');

/** HR's texts in the seeded joiner fieldset: labels, options and the section texts, kept as HR wrote them. */
async function fieldsetTexts(): Promise<string[]> {
  const fieldset = YAML.parse(await fs.readFile('templates/fieldsets/uk-hospitality-joiner.yaml', 'utf8')) as {
    fields: { label: string; allowed_values?: { value: string }[] }[];
  };
  return fieldset.fields.flatMap((field) => [
    field.label.trim(),
    ...(field.allowed_values ?? []).map((option) => option.value),
  ]);
}

test('a joiner picks Polish on their onboarding page and reads the details step in Polish', async ({ page }) => {
  const { path: link } = await inviteJoiner('Kasia', 'Nowak');
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Kasia' })).toBeVisible();

  await page.getByLabel('Language').selectOption('pl');
  await expect(page.getByRole('heading', { level: 1, name: 'Cześć, Kasia' })).toBeVisible();
  await expect(page.getByText('Bardzo się cieszymy, że dołączasz do naszej firmy!', { exact: false })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Dalej' })).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');
  // HR's labels stay as written; the UK terms they ask for are explained in Polish.
  await expect(page.getByRole('heading', { name: 'Your pay' })).toBeVisible();
  await expect(page.getByRole('textbox', { name: 'Sort code' })).toHaveAccessibleDescription(
    /Sort code to 6-cyfrowy numer oddziału banku/,
  );
  await expect(page.getByRole('textbox', { name: 'National Insurance number' })).toHaveAccessibleDescription(
    /brytyjskim systemie podatków/,
  );
  await expect(page.getByRole('radiogroup')).toHaveAccessibleDescription(/Right to work to Twoje prawo/);
  // Dates stay as the UK writes them.
  await expect(page.getByRole('textbox', { name: 'Date of birth' })).toHaveAttribute('placeholder', 'DD/MM/YYYY');
  await expectNoSideScroll(page, 'the details step in Polish');
  await expectTapTargets(page, 'the details step in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-onboarding-details.png', fullPage: true });

  // The phone keeps the choice.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Cześć, Kasia' })).toBeVisible();
  await expect(page.getByLabel('Język')).toHaveValue('pl');

  // The server refuses in English; the joiner reads its errors under the fields in Polish.
  await page.getByRole('textbox', { name: 'Account number' }).fill('31926819');
  await page.getByRole('textbox', { name: 'Sort code' }).fill('60-16');
  await page.getByRole('button', { name: 'Dalej' }).click();
  await expect(page.getByRole('textbox', { name: 'Sort code' })).toHaveAccessibleDescription(
    /^Wpisz 6-cyfrowy sort code \(numer oddziału banku\), np\. 12-34-56 /,
  );
  await expect(page.getByRole('textbox', { name: 'National Insurance number' })).toHaveAccessibleDescription(
    /^To pole jest wymagane /,
  );
  await expect(page.getByText('This field is required')).toHaveCount(0);
  await expectNoSideScroll(page, 'the refused details step in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-onboarding-field-errors.png', fullPage: true });
});

test('a phone that prefers Polish is offered it on the onboarding page', async ({ browser }) => {
  const { path: link } = await inviteJoiner('Tomasz', 'Wójcik');
  const context = await browser.newContext({ viewport: PHONE, locale: 'pl-PL' });
  const page = await context.newPage();
  await page.goto(link);
  await expect(page.getByRole('heading', { level: 1, name: 'Hi Tomasz' })).toBeVisible();
  await expect(page.getByText('Wolisz polski?')).toBeVisible();
  await expectNoSideScroll(page, 'the offer');
  await expectTapTargets(page, 'the offer');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-onboarding-offer.png' });
  await page.getByRole('button', { name: 'Przełącz na polski' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Cześć, Tomasz' })).toBeVisible();
  await expect(page.getByText('Wolisz polski?')).toHaveCount(0);
  await context.close();
});

test('the details and password steps, in the pseudo-locale, show no untranslated text and nothing cut off', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { path: link } = await inviteJoiner('Ioana', 'Popescu');
  const data = [...(await fieldsetTexts()), ...BRAND_NAMES];
  await page.addInitScript(`localStorage.setItem('staffroom.language', 'pseudo')`);
  await page.goto(link);
  const form = page.locator('form');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('~');
  // Every field drawn: the submit button comes last.
  const next = form.locator('button[type="submit"]');
  await expect(next).toContainText('~');
  expect(await untranslatedText(page, data), 'the details step').toEqual([]);
  expect(await cutOffText(page), 'the details step').toEqual([]);
  await expectNoSideScroll(page, 'the details step');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-onboarding-details.png', fullPage: true });

  // Refused as it is: the server's errors under the fields read translated too, and fit.
  await next.click();
  await expect(page.getByRole('textbox', { name: /National Insurance number/ })).toHaveAccessibleDescription(
    new RegExp(`^${pseudo('fieldError.required')}`),
  );
  // The first field in error takes the focus, so the date of birth becomes MUI X's picker, which has no pseudo texts.
  const picker = ['Day', 'Month', 'Year', 'Choose date'];
  expect(await untranslatedText(page, [...data, ...picker]), 'the refused details step').toEqual([]);
  expect(await cutOffText(page), 'the refused details step').toEqual([]);
  await expectNoSideScroll(page, 'the refused details step');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-onboarding-field-errors.png', fullPage: true });

  // The form filled in, the contract signed: on to the password step.
  await typeDate(page, /Date of birth/, '17041999');
  await page.getByLabel(/National Insurance number/).fill('AB 12 34 56 C');
  await page.getByLabel(/Mobile number/).fill('07911 123456');
  await page.getByLabel(/Address line 1/).fill('12 Briggate');
  await page.getByLabel(/Postcode/).fill('LS1 6HD');
  await page.getByRole('radio', { name: 'British or Irish passport' }).check();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-e2e-'));
  const passport = path.join(dir, 'passport.pdf');
  await fs.writeFile(passport, await simplePdf('Passport'));
  await page.getByLabel(pseudoUpload('Right-to-work document')).setInputFiles(passport);
  // Uploaded, not only chosen: the control shows the name while it uploads, and is disabled once kept.
  const scan = page.getByRole('textbox', { name: 'Right-to-work document' });
  await expect(scan).toHaveValue('passport.pdf');
  await expect(scan).toBeDisabled();
  await page.getByLabel(/Emergency contact name/).fill('Mihai Popescu');
  await page.getByLabel(/Relationship to you/).click();
  await page.getByRole('option', { name: 'Brother or sister' }).click();
  await page.getByLabel(/Emergency contact phone/).fill('0113 496 0000');
  await page.getByLabel(/Account number/).fill('31926819');
  await page.getByLabel(/Sort code/).fill('60-16-13');
  await next.click();
  await expect(page.getByRole('heading', { name: pseudo('onboarding.contract.heading') })).toBeVisible();
  await drawSignature(page, pseudo('signing.pad'));
  await page.getByRole('button', { name: pseudo('onboarding.contract.sign') }).click();

  await expect(page.getByRole('heading', { name: pseudo('onboarding.password.heading') })).toBeVisible();
  await page.getByLabel(pseudo('onboarding.password.password'), { exact: true }).fill('Welcome2026');
  await page.getByLabel(pseudo('onboarding.password.repeat'), { exact: true }).fill('Welcome2026');
  expect(await untranslatedText(page, data), 'the password step').toEqual([]);
  expect(await cutOffText(page), 'the password step').toEqual([]);
  await expectNoSideScroll(page, 'the password step');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-onboarding-password.png', fullPage: true });
});
