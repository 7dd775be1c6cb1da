/**
 * The survey, the two-factor dialog and the not-found page in the member's language
 * (docs/decisions/0069-member-language.md), on a phone (390x844): a member reading Polish answers the
 * atmosphere audit, whose questions stay as HR wrote them, reads the refused answers and the thanks in
 * Polish, and goes through the two-factor dialog's choice and code in Polish; walked in the
 * pseudo-locale, those pages show no text that bypassed the catalogues outside HR's survey and nothing
 * cut off or overflowing. Screenshots land in `.tmp/screenshots/`.
 */
import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { admin, emailedCode } from './admin.js';
import { expect, expectNoSideScroll, settleForScreenshot, signInThroughProvider, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 } });

const PASSWORD = 'Welcome2026';

/** A new member, signed in on `page`, reading `language` on this phone. */
async function memberReading(page: Page, forename: string, language: string): Promise<string> {
  const email = `${forename.toLowerCase()}.${Date.now().toString(36)}@example.com`;
  await admin(
    'create-staff',
    ...['--forename', forename, '--surname', 'Kowalska', '--email', email, '--password', PASSWORD],
    ...['--venue', 'The Lantern, Leeds', '--position', 'Barista', '--date-of-birth', '1995-03-03'],
  );
  await signInThroughProvider(page, email, PASSWORD);
  await page.evaluate(`localStorage.setItem('staffroom.language', '${language}')`);
  return email;
}

/** Opens the two-factor dialog as a refused save (a 402 answer) does. */
async function askForSecondFactor(page: Page): Promise<void> {
  await page.evaluate(`window.dispatchEvent(new Event('two-factor-auth'))`);
}

/** The texts HR wrote in the atmosphere audit (its questions, options and name): not messages. */
function surveyTexts(): string[] {
  const yaml = fs.readFileSync('templates/surveys/atmosphere-audit.yaml', 'utf8');
  return [...yaml.matchAll(/(?:question|label|name|title):\s*([^,}\n]+)/g)].map((match) => match[1]!.trim());
}

/**
 * Text nodes and names in the page that read as plain English: letters but none of the
 * pseudo-locale's marks, outside `data` (what HR or the member wrote, which is not a message), in the
 * element `root` selects.
 */
async function untranslatedText(page: Page, data: string[], root = 'body'): Promise<string[]> {
  // A string, because the tests are typed without the DOM library.
  const texts = (await page.evaluate(`(() => {
    const root = document.querySelector('${root}');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[aria-hidden="true"], script, style, option')) continue;
      if (el.getClientRects().length === 0) continue;
      const text = node.textContent.trim();
      if (text) found.push(text);
    }
    for (const el of root.querySelectorAll('[aria-label], img[alt]')) {
      const text = (el.getAttribute('aria-label') || el.getAttribute('alt') || '').trim();
      if (text && el.getClientRects().length > 0) found.push(text);
    }
    return found;
  })()`)) as string[];
  return texts.filter((text) => /[a-z]{2,}/.test(text) && !text.includes('~') && !data.includes(text));
}

/** Elements whose text is cut off: wider than their box, which hides or clips the rest. */
async function cutOffText(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => [...document.querySelectorAll('body *')]
    .filter((el) => el.children.length === 0 && el.textContent.trim() && el.getClientRects().length > 0)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['hidden', 'clip'].includes(getComputedStyle(el).overflowX))
    .map((el) => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40)))()`)) as string[];
}

test('a member reading Polish answers the atmosphere audit and reads the thanks in Polish', async ({ page }) => {
  test.setTimeout(120_000);
  await memberReading(page, 'Zofia', 'pl');
  await page.goto('/survey/6');
  // HR's survey stays as written; the page's own texts are Polish.
  await expect(page.getByRole('heading', { level: 1, name: 'Atmosphere audit' })).toBeVisible();
  await expect(page.getByText('Pytania oznaczone * wymagają odpowiedzi.')).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('lang', 'pl');

  // Saved with nothing chosen: the server's refusals read in Polish, under the questions HR wrote.
  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Venue: odpowiedź jest wymagana').first()).toBeVisible();
  await expect(page.getByText('Who did the audit: odpowiedź jest wymagana').first()).toBeVisible();

  await page.getByLabel('Venue').click();
  await page.getByRole('option', { name: 'The Lantern, Leeds' }).click();
  await page.getByRole('group', { name: 'Date of the visit' }).click();
  await page.keyboard.type('20112026');
  await page.getByRole('group', { name: 'Od' }).click();
  await page.keyboard.type('1900');
  await page.getByRole('group', { name: 'Do' }).click();
  await page.keyboard.type('2100');
  await page.getByRole('radiogroup', { name: 'Music level' }).getByRole('radio', { name: '4 z 5 kresek' }).click();
  await page.getByRole('radio', { name: 'Good' }).check();
  await page.getByLabel('Staff on shift').click();
  await page.getByRole('option', { name: '3 to 5' }).click();
  await page.getByRole('combobox', { name: 'Area checked most closely' }).fill('gard');
  await page.getByRole('option', { name: 'Beer garden' }).click();
  await page.getByLabel('Who did the audit').fill('Zofia Kowalska');
  await expect(page.getByRole('button', { name: 'Wybierz plik' })).toBeVisible();
  await expectNoSideScroll(page, 'the survey in Polish');
  await page.evaluate('window.scrollTo(0, 0)');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-survey-form.png', fullPage: true });

  await page.getByRole('button', { name: 'Zapisz' }).click();
  await expect(page.getByText('Ankieta została zapisana')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Dziękujemy' })).toBeVisible();
  await expect(page.getByText('Twoje odpowiedzi w ankiecie „Atmosphere audit” zostały zapisane.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Wróć do pulpitu' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Odpowiedz jeszcze raz' })).toBeVisible();
  await expectNoSideScroll(page, 'the thanks in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-survey.png', fullPage: true });
});

test('the two-factor dialog asks for the method and the code in Polish', async ({ page }) => {
  const email = await memberReading(page, 'Hanna', 'pl');
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Przydatne informacje' })).toBeVisible();
  await askForSecondFactor(page);

  const tfa = page.getByRole('dialog', { name: 'Wymagana weryfikacja dwuetapowa' });
  await expect(tfa.getByText('Jak chcesz otrzymać kod?')).toBeVisible();
  await tfa.getByRole('radio', { name: /Kod w e-mailu/ }).check();
  await expect(tfa.getByText('6-cyfrowy kod wysłany na Twój adres e-mail')).toBeVisible();
  await expectNoSideScroll(page, 'the choice of method in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-two-factor-choose.png' });

  await tfa.getByRole('button', { name: 'Wyślij kod' }).click();
  await expect(
    tfa.getByText(/^Wysłaliśmy 6-cyfrowy kod na .+\. Wpisz go poniżej; jest ważny do \d{2}:\d{2}\.$/),
  ).toBeVisible();
  await tfa.getByLabel('Kod weryfikacyjny').fill('000000');
  await tfa.getByRole('button', { name: 'Potwierdź' }).click();
  // The server's refusal, in the dialog's Polish.
  await expect(tfa.getByText('Ten kod jest nieprawidłowy. Zostały 4 próby.')).toBeVisible();
  await expect(tfa.getByRole('button', { name: 'Wyślij nowy kod' })).toBeVisible();
  await expectNoSideScroll(page, 'the code in Polish');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pl-two-factor-code.png' });

  await tfa.getByLabel('Kod weryfikacyjny').fill(await emailedCode(email, 'Twój kod logowania do Staffroom'));
  await tfa.getByRole('button', { name: 'Potwierdź' }).click();
  await expect(tfa).toBeHidden();
});

test('the survey, the two-factor dialog and the not-found page, in the pseudo-locale, show no untranslated text and nothing cut off', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // The not-found page, before anyone signs in.
  const visitor = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const lost = await visitor.newPage();
  await lost.addInitScript(`localStorage.setItem('staffroom.language', 'pseudo')`);
  await lost.goto('/no-such-page');
  await expect(lost.getByRole('heading', { level: 1 })).toContainText('~');
  expect(await untranslatedText(lost, []), 'the not-found page').toEqual([]);
  expect(await cutOffText(lost), 'the not-found page').toEqual([]);
  await expectNoSideScroll(lost, 'the not-found page');
  await lost.screenshot({ path: '.tmp/screenshots/pseudo-not-found.png' });
  await visitor.close();

  await memberReading(page, 'Ewa', 'pseudo');
  const data = [...surveyTexts(), 'Lantern Inns', 'Salt & Ember'];
  await page.goto('/survey/6');
  await expect(page.getByRole('button', { name: /~/ }).last()).toBeVisible();
  await expect(page.locator('button[type="submit"]')).toContainText('~');
  expect(await untranslatedText(page, data), 'the survey').toEqual([]);
  expect(await cutOffText(page), 'the survey').toEqual([]);
  await expectNoSideScroll(page, 'the survey');
  await page.evaluate('window.scrollTo(0, 0)');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-survey.png', fullPage: true });

  // The dialog over the survey: the focus it takes fetches the survey's pickers and searchable select,
  // whose MUI texts the pseudo-locale has no version of (a language passes MUI's own), so only the
  // dialog is walked.
  await askForSecondFactor(page);
  const tfa = page.getByRole('dialog');
  await expect(tfa.getByRole('radio').first()).toBeVisible();
  expect(await untranslatedText(page, data, '[role="dialog"]'), 'the choice of method').toEqual([]);
  expect(await cutOffText(page), 'the choice of method').toEqual([]);
  await tfa.getByRole('radio').first().check();
  await tfa.locator('button[type="submit"]').click();
  await expect(tfa.getByRole('textbox')).toBeVisible();
  expect(await untranslatedText(page, data, '[role="dialog"]'), 'the code').toEqual([]);
  expect(await cutOffText(page), 'the code').toEqual([]);
  await expectNoSideScroll(page, 'the two-factor dialog');
  await settleForScreenshot(page);
  await page.screenshot({ path: '.tmp/screenshots/pseudo-two-factor-code.png' });
});
