/**
 * Checks for a page read in the pseudo-locale (docs/decisions/0069-member-language.md: every letter
 * accented, each text about 35 % longer): text that bypassed the catalogues reads as plain English, and
 * a layout too tight for a longer language cuts text off.
 */
import type { Page } from '@playwright/test';
import { expect, expectNoSideScroll } from './fixtures.js';

/** The brands' names, as their logos' text alternatives give them: names, not messages. */
export const BRAND_NAMES = ['Lantern Inns', 'Salt & Ember'];

/**
 * Text nodes in the page that read as plain English: letters but none of the pseudo-locale's marks,
 * inside `within` (a selector) and outside `data` (the member's name, venue and position, which are not
 * messages) and what is marked as written in English (`lang="en-GB"` inside the page: a document HR
 * wrote, its title).
 */
export async function untranslatedText(page: Page, data: string[], within = 'body'): Promise<string[]> {
  // A string, because the tests are typed without the DOM library.
  const texts = (await page.evaluate(`(() => {
    const root = document.querySelector(${JSON.stringify(within)});
    const skip = (el) =>
      el.closest('[aria-hidden="true"], script, style, option, [role="timer"], body [lang="en-GB"]');
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || skip(el) || el.getClientRects().length === 0) continue;
      const text = node.textContent.trim();
      if (text) found.push(text);
    }
    for (const el of root.querySelectorAll('[aria-label], img[alt]')) {
      const text = (el.getAttribute('aria-label') || el.getAttribute('alt') || '').trim();
      if (text && !skip(el) && el.getClientRects().length > 0) found.push(text);
    }
    return found;
  })()`)) as string[];
  // Lower-case words: a discount code (capitals and digits) is not a message.
  return texts.filter((text) => /[a-z]{2,}/.test(text) && !text.includes('~') && !data.includes(text));
}

/**
 * Elements inside `within` whose text is cut off: wider than their box, which hides or clips the rest;
 * text for screen readers only (a box of a pixel, MUI's visuallyHidden) is meant to be.
 */
export async function cutOffText(page: Page, within = 'body'): Promise<string[]> {
  return (await page.evaluate(`(() => [...document.querySelectorAll(${JSON.stringify(`${within} *`)})]
    .filter((el) => el.children.length === 0 && el.textContent.trim() && el.getClientRects().length > 0)
    .filter((el) => el.clientWidth > 1)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['hidden', 'clip'].includes(getComputedStyle(el).overflowX))
    .map((el) => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40)))()`)) as string[];
}

/** Elements that stick out of their card (a card clips them rather than scrolling the page sideways). */
export async function outsideCards(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => [...document.querySelectorAll('article *')]
    .filter((el) => el.getClientRects().length > 0)
    .filter((el) => el.getBoundingClientRect().right > el.closest('article').getBoundingClientRect().right + 1)
    .map((el) => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40)))()`)) as string[];
}

/**
 * Fails on untranslated, cut-off or overflowing text in the page as it is, or inside `within`;
 * `data` as for untranslatedText.
 */
export async function expectTranslatedAndRoomy(
  page: Page,
  what: string,
  data: string[],
  within = 'body',
): Promise<void> {
  expect(await untranslatedText(page, data, within), what).toEqual([]);
  expect(await cutOffText(page, within), what).toEqual([]);
  expect(await outsideCards(page), what).toEqual([]);
  await expectNoSideScroll(page, what);
}
