import { createTheme, type Theme } from '@mui/material/styles';
import type { Brand } from '@shared/brands.js';
import type { ColorMode } from '@web/stores/color-scheme-store';

declare module '@mui/material/styles' {
  interface Palette {
    /** The brand's own primary colour in both schemes: the bars and banners that carry the logo. */
    banner: string;
  }
  interface PaletteOptions {
    banner?: string;
  }
}

// No web font is shipped (CSP and first-paint weight): use the platform's UI font.
const SYSTEM_FONT = [
  'system-ui',
  '-apple-system',
  '"Segoe UI"',
  'Roboto',
  '"Helvetica Neue"',
  'Arial',
  'sans-serif',
].join(',');

/**
 * Phones (below MUI's `sm`): every button at least 44 px tall, icon buttons 44 px square (issue 13:
 * tap targets a thumb hits; WCAG 2.5.8 asks 24 px, Apple and Android 44-48).
 */
const ON_PHONE = '@media (max-width:599.95px)';

/**
 * The MUI theme of a brand in `mode` (docs/product.md#overview: each brand has its own colours;
 * docs/product.md#colour-schemes: and a dark scheme).
 */
export function createBrandTheme(brand: Brand, mode: ColorMode = 'light'): Theme {
  const dark = mode === 'dark';
  const colours = dark ? brand.dark : { ...brand.palette, paper: '#ffffff' };
  return createTheme({
    palette: {
      mode,
      primary: { main: colours.primary },
      secondary: { main: colours.secondary },
      background: { default: colours.background, paper: colours.paper },
      text: { primary: colours.text },
      // MUI's dark error red is under 4.5:1 on a brand's dark paper; its light tint is not.
      ...(dark && { error: { main: '#f28b82' } }),
      banner: brand.palette.primary,
    },
    // With `prefers-reduced-motion: reduce`, MUI's own transitions (the menu's slide, dialogs, snackbars),
    // ripples and spinners do not move (docs/product.md#colour-schemes).
    motion: { reducedMotion: 'system' },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: SYSTEM_FONT,
      h1: { fontSize: '1.75rem', fontWeight: 700, lineHeight: 1.25 },
      h2: { fontSize: '1.25rem', fontWeight: 600, lineHeight: 1.3 },
      h3: { fontSize: '1.0625rem', fontWeight: 600, lineHeight: 1.35 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiAppBar: { defaultProps: { elevation: 0 } },
      MuiButton: { styleOverrides: { root: { [ON_PHONE]: { minHeight: 44 } } } },
      MuiIconButton: { styleOverrides: { root: { [ON_PHONE]: { minWidth: 44, minHeight: 44 } } } },
      // docs/product.md#constants tooltip delays.
      MuiTooltip: { defaultProps: { enterDelay: 100, enterTouchDelay: 700, leaveTouchDelay: 1500 } },
    },
  });
}
