/**
 * The web's client state lives in page-wide stores (src/web/stores, features/auth/stores): every
 * test starts from their initial state, as a freshly loaded page does.
 */
import { afterEach } from 'vitest';
import { authStore } from '@web/features/auth/stores/auth-store';
import { schemeStore } from '@web/stores/color-scheme-store';
import { notificationStore } from '@web/stores/notification-store';
import { themeStore } from '@web/stores/theme-store';

afterEach(() => {
  for (const store of [authStore, notificationStore, themeStore, schemeStore] as const) {
    (store as { setState: (state: unknown, replace: true) => void }).setState(store.getInitialState(), true);
  }
});
