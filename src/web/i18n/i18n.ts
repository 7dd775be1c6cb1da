/**
 * The web app's messages (docs/decisions/0069-member-language.md): catalogues compiled at build time
 * (scripts/vite-catalogues.ts, Lingui's compiled form), so no message parser ships.
 *
 * English (en-GB) is the source and the default: each area of the app registers its own English
 * (`translatorFor`), which travels in that area's code, and English is drawn from it by formatEnglish,
 * so a page read in English downloads neither a catalogue nor Lingui. Another language is one chunk
 * with its catalogue, fetched with Lingui's runtime when it is activated; Lingui formats its messages.
 * Dates are not formatted here: they stay DD/MM/YYYY in every language (lib/format-date.ts).
 */
import type { Messages } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { useCallback, useSyncExternalStore } from 'react';
import type { Language } from '@shared/languages.js';
import type english from './catalogues/en-GB.json';
import type * as LoadLanguage from './load-language';

/** A message key of the source catalogue (`area.name`). */
export type MessageId = keyof typeof english;
/** What a screen shows in: the English source, a language of LANGUAGES, or the pseudo-locale (development and tests). */
export type Locale = 'en-GB' | Language | 'pseudo';
/** Values of a message's placeholders. */
export type MessageValues = Record<string, string | number>;
/** Translates `id` with `values` in the active language. */
export type Translate = (id: MessageId, values?: MessageValues) => string;

/** The English of every area registered so far (compiled). */
const englishMessages: Record<string, CompiledMessage> = {};

/** Lingui's runtime with the catalogues fetched so far, once another language than English was activated. */
let other: typeof LoadLanguage | undefined;
let active: Locale = 'en-GB';
const listeners = new Set<() => void>();

const cardinal = new Intl.PluralRules('en-GB');
const ordinal = new Intl.PluralRules('en-GB', { type: 'ordinal' });
const numbers = new Intl.NumberFormat('en-GB');

/**
 * An English message (compiled) with `values`, formatted as Lingui formats it: text, `{name}`,
 * `{n, number}`, and `plural`, `selectordinal` and `select` with their `#`. `count` is the number a
 * plural's `#` stands for.
 */
export function formatEnglish(message: CompiledMessage, values: MessageValues = {}, count?: number): string {
  return message
    .map((token) => {
      if (typeof token === 'string') return token === '#' && count !== undefined ? numbers.format(count) : token;
      const [name, type, options] = token;
      const value = values[name];
      if ((type === 'plural' || type === 'selectordinal') && options && typeof options === 'object') {
        const cases = options as Record<string, CompiledMessage> & { offset?: number };
        const n = Number(value) - (cases.offset ?? 0);
        const rules = type === 'plural' ? cardinal : ordinal;
        return formatEnglish(cases[String(value)] ?? cases[rules.select(n)] ?? cases.other ?? [], values, n);
      }
      if (type === 'select' && options && typeof options === 'object') {
        const cases = options as Record<string, CompiledMessage>;
        return formatEnglish(cases[String(value)] ?? cases.other ?? [], values);
      }
      if (type === 'number') return numbers.format(Number(value));
      return value == null ? '' : String(value);
    })
    .join('');
}

/** `id` in the active language with `values`; a message missing from a catalogue shows in English. */
export function translate(id: MessageId, values?: MessageValues): string {
  if (active !== 'en-GB' && other) return other.lingui._(id, values);
  const message = englishMessages[id];
  return message ? formatEnglish(message, values) : id;
}

/**
 * `text`, a server's English wording (an error under a field), in the active language: the message under
 * `prefix` (`fieldError.`) whose English it is (i18n/wording.ts), with the values of its variable parts.
 * English, and a wording no message has, show `text` as it is.
 */
export function fromWording(text: string, prefix: string): string {
  return active !== 'en-GB' && other ? other.fromWording(text, prefix) : text;
}

/**
 * Makes `locale` the language of every screen, fetching its catalogue and Lingui's runtime first
 * (load-language.ts; English needs neither). Rejects when they cannot be fetched (offline before the service worker
 * cached them); the language is then unchanged.
 */
export async function activateLocale(locale: Locale): Promise<void> {
  if (locale !== 'en-GB') {
    other ??= await import('./load-language');
    await other.activate(locale, englishMessages);
  }
  active = locale;
  // Screen readers, hyphenation and the spelling of form fields follow the page's language.
  document.documentElement.lang = locale === 'pseudo' ? 'en-GB' : locale;
  for (const listener of listeners) listener();
}

const subscribe = (onChange: () => void) => {
  listeners.add(onChange);
  return () => listeners.delete(onChange);
};
const activeLocale = () => active;

/** The active language, re-rendering when it changes. */
export function useLocale(): Locale {
  return useSyncExternalStore(subscribe, activeLocale, activeLocale);
}

/**
 * The translate function of an area of the app, whose English is `english` (`virtual:catalogue/en-GB/<area>`):
 * registers that English and returns a hook giving `t(id, values)`, re-rendering its screen when the
 * language changes.
 */
export function translatorFor(english: Messages): () => Translate {
  Object.assign(englishMessages, english);
  // An area whose code arrives after a language was fetched: its English stands in for any key missing there.
  other?.addEnglish(english);
  return function useT() {
    const locale = useLocale();
    // A new function per language, so memoised children that take it redraw.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    return useCallback<Translate>((id, values) => translate(id, values), [locale]);
  };
}
