import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

/** Frame state (docs/product.md#frame): side menu open or closed, and the top-bar title. */
export interface ThemeState {
  menuOpen: boolean;
  /** Empty means "show the product's short name". */
  title: string;
}

const initialState: ThemeState = { menuOpen: false, title: '' };

const themeSlice = createSlice({
  name: 'theme',
  initialState,
  reducers: {
    openMenu(state) {
      state.menuOpen = true;
    },
    closeMenu(state) {
      state.menuOpen = false;
    },
    setTitle(state, action: PayloadAction<string>) {
      state.title = action.payload;
    },
  },
});

export const { openMenu, closeMenu, setTitle } = themeSlice.actions;
export const themeReducer = themeSlice.reducer;

/** The frame state, from any store that mounts this slice under `theme`. */
export const selectTheme = (state: { theme: ThemeState }): ThemeState => state.theme;
