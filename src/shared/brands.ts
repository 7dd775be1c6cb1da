/**
 * The group's two venue brands (docs/product.md#the-two-brands: each has its own colour theme chosen by a brand
 * setting, and the first brand is the default). The server picks one with `BRAND` and writes its id into the served
 * HTML as `<meta name="staffroom-brand">`, so the web paints in the right colours from the first frame. Every
 * screen's first load carries this list; the dashboard's links are in ./useful-links.ts, which only it loads.
 */

export interface Brand {
  id: string;
  name: string;
  /** Public path of the logo (SVG). */
  logo: string;
  palette: { primary: string; secondary: string; background: string; text: string };
  /**
   * The dark colour scheme (docs/product.md#colour-schemes): light tints of the brand's colours on a
   * dark ground of its hue, for text and controls; the bars and banners that carry the logo keep
   * `palette.primary` in both schemes.
   */
  dark: { primary: string; secondary: string; background: string; paper: string; text: string };
  /** External training site opened by the "Complete my initial training" chip and the 'Training App' card. */
  trainingUrl: string;
  /** The brand's order-and-pay app (docs/product.md#team-apps: Team apps). */
  orderAndPayApp: { name: string; url: string };
  /**
   * Venues of this brand whose order-and-pay app has no user accounts, so team discount does not
   * work there for order and pay (docs/product.md#team-apps: Team apps names three across the group).
   */
  noOrderAndPayDiscountVenues: readonly string[];
}

/** Ordered: the first is the default brand. */
export const BRANDS = [
  {
    id: 'lantern-inns',
    name: 'Lantern Inns',
    logo: '/brands/lantern-inns/logo.svg',
    palette: { primary: '#1f3a5f', secondary: '#e0a526', background: '#f6f4ef', text: '#1c1c1c' },
    dark: { primary: '#9cc0ec', secondary: '#e0a526', background: '#10161f', paper: '#1a2330', text: '#ece9e2' },
    trainingUrl: 'https://training.lanterninns.example.com',
    orderAndPayApp: { name: 'Lantern Inns Order & Pay', url: 'https://order.lanterninns.example.com' },
    noOrderAndPayDiscountVenues: ['The Lantern, Harrogate', 'The Lantern, Whitby'],
  },
  {
    id: 'salt-and-ember',
    name: 'Salt & Ember',
    logo: '/brands/salt-and-ember/logo.svg',
    palette: { primary: '#7a2e1d', secondary: '#2f6f62', background: '#faf6f2', text: '#201a17' },
    dark: { primary: '#f2a48c', secondary: '#7cc7b5', background: '#16100e', paper: '#221a17', text: '#f3ebe6' },
    trainingUrl: 'https://training.saltandember.example.com',
    orderAndPayApp: { name: 'Salt & Ember Table', url: 'https://table.saltandember.example.com' },
    noOrderAndPayDiscountVenues: ['Salt & Ember, Chester'],
  },
] as const satisfies readonly Brand[];

export type BrandId = (typeof BRANDS)[number]['id'];
export const BRAND_IDS = BRANDS.map((b) => b.id) as [BrandId, ...BrandId[]];
export const DEFAULT_BRAND_ID: BrandId = BRANDS[0].id;

/** The brand with this id; the default brand for an unknown id. */
export function getBrand(id: string | undefined): Brand {
  return BRANDS.find((b) => b.id === id) ?? BRANDS[0];
}
