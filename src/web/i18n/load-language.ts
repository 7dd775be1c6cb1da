/**
 * Lingui's runtime and the catalogues of the languages besides English (docs/decisions/0069-member-language.md),
 * fetched with this module the first time another language than English is activated (i18n.ts).
 */
import { setupI18n, type Messages } from '@lingui/core';
import fieldErrorEnglish from 'virtual:catalogue/en-GB/fieldError';
import type { Locale } from './i18n';
import { findWording } from './wording';

/** The runtime that formats every language but English. */
export const lingui = setupI18n();

// One chunk per language: the first load fetches only the chosen one (the build's module graph keeps them apart).
const LOADERS: Record<Exclude<Locale, 'en-GB'>, () => Promise<{ default: Messages }>> = {
  pl: () => import('virtual:catalogue/pl'),
  ro: () => import('virtual:catalogue/ro'),
  es: () => import('virtual:catalogue/es'),
  pt: () => import('virtual:catalogue/pt'),
  pseudo: () => import('virtual:catalogue/pseudo'),
};

/** The catalogues fetched so far, by language. */
const fetched: Partial<Record<Locale, Messages>> = {};

/**
 * The English that server wordings are recognised by (fromWording): every area's registered so far, and the
 * server's field errors, whose English no screen shows (English shows the server's own words), so it travels here.
 */
const sources: Messages = { ...fieldErrorEnglish };

/**
 * Makes `locale` Lingui's language, fetching its catalogue first; `english` (the English registered so
 * far) stands in for a message missing from it. Rejects when the catalogue cannot be fetched.
 */
export async function activate(locale: Exclude<Locale, 'en-GB'>, english: Messages): Promise<void> {
  Object.assign(sources, english);
  if (!fetched[locale]) {
    fetched[locale] = (await LOADERS[locale]()).default;
    lingui.load(locale, { ...english, ...fetched[locale] });
  }
  // Numbers follow the language (`pt`'s decimal comma); dates do not (lib/format-date.ts).
  lingui.activate(locale, [locale === 'pseudo' ? 'en-GB' : locale]);
}

/** The English of an area whose code arrived after languages were fetched, standing in for keys missing there. */
export function addEnglish(english: Messages): void {
  Object.assign(sources, english);
  for (const [locale, messages] of Object.entries(fetched)) lingui.load(locale, { ...english, ...messages });
}

/** `text`, a server's English, as the active language words the message under `prefix` it is; else `text` as it is. */
export function fromWording(text: string, prefix: string): string {
  const found = findWording(text, sources, prefix);
  return found ? lingui._(found.key, found.values) : text;
}
