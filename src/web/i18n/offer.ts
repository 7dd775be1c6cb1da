/**
 * The offer (docs/decisions/0069-member-language.md): when the browser's languages
 * (`navigator.languages`) put one of LANGUAGES before English, a one-line offer in that language shows
 * until a language is chosen or the offer dismissed, both remembered on the device.
 */
import { createStore, useStore } from 'zustand';
import { isLanguage, type Language } from '@shared/languages.js';
import { choiceStore, read, write } from './stored-language';

/** Local-storage key set once the offer was dismissed. */
export const OFFER_DISMISSED_KEY = 'staffroom.language-offer-dismissed';

/** Whether the offer was dismissed on this device. */
export const offerStore = createStore<{ dismissed: boolean }>()(() => ({
  dismissed: read(OFFER_DISMISSED_KEY) === '1',
}));

/** The first of `preferred` (BCP 47 tags) that is English or one of LANGUAGES, when it is not English. */
export function preferredLanguage(preferred: readonly string[]): Language | null {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split('-')[0];
    if (primary === 'en') return null;
    if (isLanguage(primary)) return primary;
  }
  return null;
}

/** The language to offer on this device: the browser's preferred one, until a choice is made or the offer dismissed. */
export function useOfferedLanguage(): Language | null {
  const chosen = useStore(choiceStore, (state) => state.chosen);
  const dismissed = useStore(offerStore, (state) => state.dismissed);
  if (chosen || dismissed || typeof navigator === 'undefined') return null;
  return preferredLanguage(navigator.languages ?? [navigator.language]);
}

/** Hides the offer on this device for good. */
export function dismissOffer(): void {
  write(OFFER_DISMISSED_KEY, '1');
  offerStore.setState({ dismissed: true });
}
