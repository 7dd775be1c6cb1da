/**
 * Printing a contract or agreement page (docs/product.md#printing) prints the document, whole, and
 * whether it is signed, in dark ink on white even from a phone in the dark scheme; not the signature
 * pad, its buttons, the zoom bar or the download.
 */
import type { Page } from '@playwright/test';
import { admin, lastMailTo, linkIn } from './admin.js';
import { drawSignature, inviteJoiner } from './console-steps.js';
import { expect, test } from './fixtures.js';

test.use({ viewport: { width: 390, height: 844 }, colorScheme: 'dark' });

/** Whether the document region's whole content is laid out, none of it hidden behind a scroll. */
const shownWhole = (page: Page, name: string) =>
  // A string, because the tests are typed without the DOM library.
  page.evaluate(`(() => {
    const box = document.querySelector('[role="region"][aria-label="${name}"]');
    return box.scrollHeight <= box.clientHeight + 1 && getComputedStyle(box).overflowY === 'visible';
  })()`);

test('a contract prints whole, unsigned and then signed, without the controls', async ({ page }) => {
  const { email } = await inviteJoiner('Pia', 'Novak');

  await admin('contract', 'issue', '--staff', email, '--template', 'templates/contract-of-employment.html');
  await page.goto(new URL(linkIn(await lastMailTo(email))).pathname);
  await expect(page.getByRole('heading', { level: 2, name: 'Contract of employment' })).toBeVisible();
  // On screen the text scrolls inside its box.
  expect(await shownWhole(page, 'Contract of employment')).toBe(false);

  await page.emulateMedia({ media: 'print' });
  // Paper is white and ink dark, whatever the screen's scheme.
  await expect.poll(() => page.evaluate('getComputedStyle(document.body).color')).toMatch(/^rgb\((\d{1,2}), /);
  expect(await shownWhole(page, 'Contract of employment')).toBe(true);
  await expect(page.getByText('This contract has not been signed yet.')).toBeVisible();
  await expect(page.getByLabel('Signature pad')).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(/Please read the contract below/)).toBeHidden();

  await page.emulateMedia({ media: 'screen' });
  await drawSignature(page);
  await page.getByRole('button', { name: 'Sign Contract' }).click();
  await expect(page.getByText(/This contract was signed on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByText(/This contract was signed on \d{2}\/\d{2}\/\d{4}/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'Download signed PDF' })).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByText('This contract has not been signed yet.')).toBeHidden();
});
