/**
 * Choosing a language (docs/decisions/0069-member-language.md): in the side menu, the offer, or from the
 * member's record (stored-language.ts followMemberLanguage). Apart from stored-language.ts, so the code
 * that fetches and saves is not in every page's first load.
 */
import type { Locale } from './i18n';
import { activateLocale } from './i18n';
import { rememberChoice } from './stored-language';
import { saveLanguage } from './api/save-language';

/**
 * Shows every screen in `locale` and keeps it on the device, and on the member's record when
 * `signedIn` (a failed save leaves the device's choice, and the record is saved the next time the
 * member is loaded: followMemberLanguage). Rejects when the catalogue cannot be fetched.
 */
export async function chooseLanguage(locale: Locale, { signedIn }: { signedIn: boolean }): Promise<void> {
  await activateLocale(locale);
  rememberChoice(locale);
  if (signedIn && locale !== 'pseudo')
    await saveLanguage({ language: locale === 'en-GB' ? null : locale }).catch(() => {});
}
