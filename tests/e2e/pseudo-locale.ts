/**
 * Checks for a page read in the pseudo-locale (docs/decisions/0069-member-language.md: every letter
 * accented, each text about 35 % longer): text that bypassed the catalogues reads as plain English, and
 * a layout too tight for a longer language cuts text off.
 */
import type { Page } from '@playwright/test';

/** The brands' names, as their logos' text alternatives give them: names, not messages. */
export const BRAND_NAMES = ['Lantern Inns', 'Salt & Ember'];

/**
 * Text nodes in the page that read as plain English: letters but none of the pseudo-locale's marks,
 * outside `data` (the member's name, venue and position, which are not messages).
 */
export async function untranslatedText(page: Page, data: string[]): Promise<string[]> {
  // A string, because the tests are typed without the DOM library.
  const texts = (await page.evaluate(`(() => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const found = [];
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const el = node.parentElement;
      if (!el || el.closest('[aria-hidden="true"], script, style, option, [role="timer"]')) continue;
      if (el.getClientRects().length === 0) continue;
      const text = node.textContent.trim();
      if (text) found.push(text);
    }
    for (const el of document.querySelectorAll('[aria-label], img[alt]')) {
      const text = (el.getAttribute('aria-label') || el.getAttribute('alt') || '').trim();
      if (text && el.getClientRects().length > 0) found.push(text);
    }
    return found;
  })()`)) as string[];
  // Lower-case words: a discount code (capitals and digits) is not a message.
  return texts.filter((text) => /[a-z]{2,}/.test(text) && !text.includes('~') && !data.includes(text));
}

/**
 * Elements whose text is cut off: wider than their box, which hides or clips the rest; text for screen
 * readers only (a box of a pixel, MUI's visuallyHidden) is meant to be.
 */
export async function cutOffText(page: Page): Promise<string[]> {
  return (await page.evaluate(`(() => [...document.querySelectorAll('body *')]
    .filter((el) => el.children.length === 0 && el.textContent.trim() && el.getClientRects().length > 0)
    .filter((el) => el.clientWidth > 1)
    .filter((el) => el.scrollWidth > el.clientWidth + 1 && ['hidden', 'clip'].includes(getComputedStyle(el).overflowX))
    .map((el) => el.tagName.toLowerCase() + ': ' + el.textContent.trim().slice(0, 40)))()`)) as string[];
}
