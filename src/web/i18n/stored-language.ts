/**
 * Which language a device shows (docs/decisions/0069-member-language.md). English until someone
 * chooses: the choice is kept on the device (local storage, for a joiner or someone not yet signed in)
 * and, for a signed-in member, on their record, which wins on any device they sign in on.
 * What is read before the first screen draws; choosing is in language-choice.ts, the offer in offer.ts.
 */
import { createStore } from 'zustand';
import { isLanguage } from '@shared/languages.js';
import { activateLocale, type Locale } from './i18n';

/** Local-storage key of the device's choice: a language, `en-GB`, or (development) `pseudo`. */
export const LANGUAGE_STORAGE_KEY = 'staffroom.language';
const isLocale = (value: unknown): value is Locale => value === 'en-GB' || value === 'pseudo' || isLanguage(value);

/** The value kept under `key` on this device; null when none is or storage is refused. */
export function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    // Storage refused (a private window's settings): nothing was kept.
    return null;
  }
}

/** Keeps `value` under `key` on this device, when storage allows. */
export function write(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Not kept, but this page still follows it.
  }
}

/**
 * Copies the choice into a cookie of the same name, a year long: the server's own pages (the embedded
 * provider's sign-in) cannot read local storage, and open in the language the cookie names.
 */
function writeCookie(locale: Locale): void {
  document.cookie = `${LANGUAGE_STORAGE_KEY}=${locale}; path=/; max-age=31536000; samesite=lax`;
}

/** The language chosen on this device, or null when none was (English, with the offer if the browser prefers another). */
export function storedLocale(): Locale | null {
  const value = read(LANGUAGE_STORAGE_KEY);
  return isLocale(value) ? value : null;
}

/** The device's choice; `chosen` is null until one is made. */
export const choiceStore = createStore<{ chosen: Locale | null }>()(() => ({ chosen: storedLocale() }));

/**
 * Activates the language kept on this device, before the first screen draws; English (at once) when
 * none is kept or its catalogue cannot be fetched.
 */
export async function startInStoredLanguage(): Promise<void> {
  const chosen = choiceStore.getState().chosen;
  // A choice kept before the cookie existed gets one, and each start renews its year.
  if (chosen) writeCookie(chosen);
  if (!chosen || chosen === 'en-GB') return;
  await activateLocale(chosen).catch(() => {});
}

/** Keeps `locale` as this device's choice. */
export function rememberChoice(locale: Locale): void {
  write(LANGUAGE_STORAGE_KEY, locale);
  writeCookie(locale);
  choiceStore.setState({ chosen: locale });
}
