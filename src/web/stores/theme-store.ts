import { createStore, useStore } from 'zustand';

/** Frame state (docs/product.md#frame): side menu open or closed, and the top-bar title. */
export interface ThemeState {
  menuOpen: boolean;
  /** Empty means "show the product's short name". */
  title: string;
}

/** The page's one frame state. */
export const themeStore = createStore<ThemeState>()(() => ({ menuOpen: false, title: '' }));

/** The frame state, re-rendering when it changes. */
export function useThemeState(): ThemeState {
  return useStore(themeStore);
}

export function openMenu(): void {
  themeStore.setState({ menuOpen: true });
}

export function closeMenu(): void {
  themeStore.setState({ menuOpen: false });
}

/** Sets the top-bar title; empty shows the product's short name. */
export function setTitle(title: string): void {
  themeStore.setState({ title });
}
