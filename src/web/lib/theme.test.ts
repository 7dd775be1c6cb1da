import { getContrastRatio } from '@mui/material/styles';
import { describe, expect, it } from 'vitest';
import { BRANDS } from '@shared/brands.js';
import { createBrandTheme } from './theme';

/** WCAG 2.2 AA for text (1.4.3). */
const AA_TEXT = 4.5;

describe('a brand’s theme', () => {
  it.each(BRANDS.map((brand) => [brand.name, brand] as const))(
    '%s in the dark scheme: text, links, errors and buttons readable on its page and its cards',
    (_name, brand) => {
      const { palette } = createBrandTheme(brand, 'dark');
      expect(palette.mode).toBe('dark');
      for (const ground of [palette.background.default, palette.background.paper]) {
        for (const [what, colour] of [
          ['text', palette.text.primary],
          ['secondary text', palette.text.secondary],
          ['primary', palette.primary.main],
          ['error', palette.error.main],
        ] as const)
          expect(getContrastRatio(colour, ground), `${what} on ${ground}`).toBeGreaterThanOrEqual(AA_TEXT);
      }
      expect(getContrastRatio(palette.primary.contrastText, palette.primary.main)).toBeGreaterThanOrEqual(AA_TEXT);
      // The bars and banners keep the brand's own colour, which its light logo is drawn for.
      expect(palette.banner).toBe(brand.palette.primary);
      expect(getContrastRatio('#ffffff', palette.banner)).toBeGreaterThanOrEqual(AA_TEXT);
    },
  );

  it('is the brand’s own palette in the light scheme, its bars in the same colour as before', () => {
    const brand = BRANDS[1];
    const { palette } = createBrandTheme(brand);
    expect(palette.mode).toBe('light');
    expect([palette.primary.main, palette.background.default, palette.banner]).toEqual([
      brand.palette.primary,
      brand.palette.background,
      brand.palette.primary,
    ]);
  });
});
