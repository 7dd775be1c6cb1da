/**
 * The server's texts a member reads, in their language (docs/decisions/0069-member-language.md): mails,
 * text messages and the embedded provider's pages. The catalogues are `catalogues/<locale>.json` (ICU
 * MessageFormat, flat `area.name` keys, en-GB the source), apart from the web's, which ship to the
 * browser. A language's catalogue is compiled with `@lingui/message-utils` the first time it is used
 * and formatted by Lingui's core, as on the web. Names, links, codes and dates are values, never
 * translated; dates come in already written DD/MM/YYYY.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { isLanguage, type Language } from '@shared/languages.js';
import english from './catalogues/en-GB.json' with { type: 'json' };
import es from './catalogues/es.json' with { type: 'json' };
import pl from './catalogues/pl.json' with { type: 'json' };
import pt from './catalogues/pt.json' with { type: 'json' };
import ro from './catalogues/ro.json' with { type: 'json' };

/** A message of the server's catalogues. */
export type ServerMessageId = keyof typeof english;
/** What a message is written in: en-GB, or one of the staff side's other languages. */
export type ServerLocale = 'en-GB' | Language;
/** A placeholder's value: text, or a number for `plural`. */
export type MessageValues = Record<string, string | number>;

/** The catalogues as written, by locale; every language has every key of the English (tests/repo/server-catalogues.test.ts). */
export const SERVER_CATALOGUES: Record<ServerLocale, Record<ServerMessageId, string>> = {
  'en-GB': english,
  pl,
  ro,
  es,
  pt,
};

const ready = new Map<ServerLocale, I18n>();

/** Lingui's instance for `locale`, its catalogue compiled on first use. */
function i18nOf(locale: ServerLocale): I18n {
  let i18n = ready.get(locale);
  if (!i18n) {
    const compiled = Object.fromEntries(
      Object.entries(SERVER_CATALOGUES[locale]).map(([id, icu]) => [id, compileMessageOrThrow(icu)]),
    );
    i18n = setupI18n({ locale, messages: { [locale]: compiled } });
    ready.set(locale, i18n);
  }
  return i18n;
}

/** The locale a member's `language` (their record's, or a device's choice) is written in: English when none or unknown. */
export const localeOf = (language: string | null | undefined): ServerLocale =>
  isLanguage(language) ? language : 'en-GB';

/** A translator for `language` (null or unknown: English, as the texts were before any language). */
export function serverTranslator(
  language: string | null | undefined,
): (id: ServerMessageId, values?: MessageValues) => string {
  const i18n = i18nOf(localeOf(language));
  return (id, values) => i18n._(id, values);
}
