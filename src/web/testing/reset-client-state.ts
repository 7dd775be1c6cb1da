/**
 * The web's client state lives in page-wide stores (src/web/stores, features/auth/stores): every
 * test starts from their initial state, as a freshly loaded page does.
 */
import { afterEach } from 'vitest';
import { authStore } from '@web/features/auth/stores/auth-store';
import { activateLocale } from '@web/i18n/i18n';
import { offerStore } from '@web/i18n/offer';
import { choiceStore } from '@web/i18n/stored-language';
import { schemeStore } from '@web/stores/color-scheme-store';
import { notificationStore } from '@web/stores/notification-store';
import { themeStore } from '@web/stores/theme-store';

afterEach(() => {
  for (const store of [authStore, notificationStore, themeStore, schemeStore, choiceStore, offerStore] as const) {
    (store as { setState: (state: unknown, replace: true) => void }).setState(store.getInitialState(), true);
  }
  // English, as a page with no language chosen starts (synchronous: English needs no catalogue). The
  // server's unit tests share this set-up and have no page to set the language of.
  if (typeof document !== 'undefined') void activateLocale('en-GB');
});
