import { createStore, useStore } from 'zustand';

/** The member's choice in the menu (docs/product.md#colour-schemes): follow the device, or always light or dark. */
export type SchemeChoice = 'system' | 'light' | 'dark';
/** The scheme the page is drawn in. */
export type ColorMode = 'light' | 'dark';

/** Local-storage key of the choice, kept on the device (not on the member's record). */
export const SCHEME_STORAGE_KEY = 'staffroom.color-scheme';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function storedChoice(): SchemeChoice {
  try {
    const value = localStorage.getItem(SCHEME_STORAGE_KEY);
    return value === 'light' || value === 'dark' ? value : 'system';
  } catch {
    // Storage refused (a private window's settings): follow the device.
    return 'system';
  }
}

/** A media query list; none where the browser has no matchMedia (tests). */
const query = (media: string) => (typeof matchMedia === 'function' ? matchMedia(media) : undefined);
/** The device's own setting. */
const deviceQuery = query(DARK_QUERY);
/** Printing, when light text on paper would not show: a printed page is always light. */
const printQuery = query('print');

interface SchemeState {
  choice: SchemeChoice;
  deviceDark: boolean;
  printing: boolean;
}

/** The page-wide colour scheme state. */
export const schemeStore = createStore<SchemeState>()(() => ({
  choice: storedChoice(),
  deviceDark: deviceQuery?.matches ?? false,
  printing: false,
}));

deviceQuery?.addEventListener('change', (event) => schemeStore.setState({ deviceDark: event.matches }));
printQuery?.addEventListener('change', (event) => schemeStore.setState({ printing: event.matches }));
// A choice made in another tab of the same browser.
if (typeof window !== 'undefined')
  window.addEventListener('storage', (event) => {
    if (event.key === SCHEME_STORAGE_KEY || event.key === null) schemeStore.setState({ choice: storedChoice() });
  });

/** The menu's choice, re-rendering when it changes. */
export function useSchemeChoice(): SchemeChoice {
  return useStore(schemeStore, (state) => state.choice);
}

/** The scheme to draw in: the choice, or the device's setting when the choice is `system`; light on paper. */
export function useColorMode(): ColorMode {
  return useStore(schemeStore, ({ choice, deviceDark, printing }) =>
    printing ? 'light' : choice === 'system' ? (deviceDark ? 'dark' : 'light') : choice,
  );
}

/** Keeps `choice` on the device (forgotten for `system`) and redraws every screen in it. */
export function chooseScheme(choice: SchemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(SCHEME_STORAGE_KEY);
    else localStorage.setItem(SCHEME_STORAGE_KEY, choice);
  } catch {
    // Not kept, but this page still follows it.
  }
  schemeStore.setState({ choice });
}
