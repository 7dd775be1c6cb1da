import type { Language } from '@shared/languages.js';

/** Each language's own name, as a list of languages gives it (never translated: a reader finds their language by it). */
export const LANGUAGE_NAMES: Record<Language, string> = {
  pl: 'Polski',
  ro: 'Română',
  es: 'Español',
  pt: 'Português',
};
/** English's own name, as the lists give each language's. */
export const ENGLISH_NAME = 'English';
/** The pseudo-locale's name (development only). */
export const PSEUDO_NAME = 'Pseudo';
