/**
 * The installable app of a brand (docs/product.md#installing-the-app): its web app manifest, the icons
 * the build draws from the brand's logo, and where each is served. Zod-free: the build
 * (vite.config.ts), the server (plugins/spa.ts) and the tests read it; the browser never loads it.
 */
import type { Brand } from './brands.js';
import { PRODUCT_SHORT_NAME } from './constants.js';

/** Where the server answers with the manifest of the brand it serves. */
export const MANIFEST_PATH = '/manifest.webmanifest';
/** The manifest's media type (W3C Web Application Manifest, section "Media type registration"). */
export const MANIFEST_TYPE = 'application/manifest+json';

/** Where a page opens when started from the home screen: the dashboard, or sign-in when signed out. */
const START_URL = '/dashboard';

/** One icon file of a brand, as the manifest names it. */
export interface BrandIcon {
  /** Side in px. */
  size: number;
  /** `any`: the mark on a rounded tile; `maskable`: full bleed, the mark inside the middle 80 % circle. */
  purpose: 'any' | 'maskable';
  /** File name inside the brand's icon folder (brandIconFolder). */
  file: string;
}

/** The manifest's icons: 192 and 512 px, each plain and maskable (what Chromium's install check asks for). */
export const MANIFEST_ICONS: readonly BrandIcon[] = [
  { size: 192, purpose: 'any', file: 'icon-192.png' },
  { size: 512, purpose: 'any', file: 'icon-512.png' },
  { size: 192, purpose: 'maskable', file: 'maskable-192.png' },
  { size: 512, purpose: 'maskable', file: 'maskable-512.png' },
];

/** iOS's home-screen icon: 180 px, opaque and square (iOS rounds the corners itself). */
export const APPLE_TOUCH_ICON = { path: '/apple-touch-icon.png', file: 'apple-touch-icon.png', size: 180 } as const;
/** The tab icon: one ICO holding PNGs of these sides. */
export const FAVICON = { path: '/favicon.ico', file: 'favicon.ico', sizes: [16, 32, 48] } as const;

/** The build folder (below the web root) of a brand's icons. */
export function brandIconFolder(brandId: string): string {
  return `/brands/${brandId}/icons`;
}

/** The web app manifest of `brand`, in the brand's colours, served at MANIFEST_PATH. */
export function webAppManifest(brand: Brand): Record<string, unknown> {
  return {
    id: '/',
    name: `${brand.name} ${PRODUCT_SHORT_NAME}`,
    short_name: PRODUCT_SHORT_NAME,
    description: `Your team portal at ${brand.name}: rota details, your discount card and your documents.`,
    lang: 'en-GB',
    dir: 'ltr',
    start_url: START_URL,
    scope: '/',
    display: 'standalone',
    theme_color: brand.palette.primary,
    background_color: brand.palette.background,
    icons: MANIFEST_ICONS.map(({ size, purpose, file }) => ({
      src: `${brandIconFolder(brand.id)}/${file}`,
      sizes: `${size}x${size}`,
      type: 'image/png',
      purpose,
    })),
  };
}

/**
 * The logos draw their mark (lantern, ember) in the first 44 by 48 units of their view box; the
 * wordmark starts to the right of it. The icons show the mark alone.
 */
const LOGO_MARK = { width: 44, height: 48 };

/** How an icon places the mark: on a rounded tile (`any`, the favicon) or full bleed (`maskable`, iOS). */
export type IconShape = 'tile' | 'full-bleed';

/**
 * A square SVG of `side` px: the brand's primary colour (rounded for `tile`), with the mark of
 * `logoSvg` (the brand's logo file, as text) in the middle, 76 % of the side tall on a tile and 56 %
 * full bleed, which keeps it inside the 80 % circle a maskable icon may be cut to.
 * @throws Error when `logoSvg` is not an `<svg>` element.
 */
export function iconSvg(logoSvg: string, brand: Brand, side: number, shape: IconShape): string {
  const inner = /<svg[^>]*>([\s\S]*)<\/svg>\s*$/.exec(logoSvg)?.[1];
  if (inner === undefined) throw new Error(`the logo of ${brand.id} is not an SVG element`);
  // The wordmark and the accessible title have no place in a square icon.
  const mark = inner.replace(/<title>[\s\S]*?<\/title>/g, '').replace(/<text[\s\S]*?<\/text>/g, '');
  const height = side * (shape === 'tile' ? 0.76 : 0.56);
  const width = (height * LOGO_MARK.width) / LOGO_MARK.height;
  const radius = shape === 'tile' ? side * 0.2 : 0;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side}" height="${side}" viewBox="0 0 ${side} ${side}">`,
    `<rect width="${side}" height="${side}" rx="${radius}" fill="${brand.palette.primary}"/>`,
    `<svg x="${(side - width) / 2}" y="${(side - height) / 2}" width="${width}" height="${height}" viewBox="0 0 ${LOGO_MARK.width} ${LOGO_MARK.height}">`,
    mark,
    '</svg></svg>',
  ].join('');
}

/**
 * An ICO file holding `pngs` (each a PNG of the given square side, at most 256 px), as Windows Vista
 * and every browser since read it: a 6-byte header, a 16-byte entry per image, then the PNGs
 * (Microsoft's "Icons" reference, ICONDIR and ICONDIRENTRY). sharp writes no ICO.
 */
export function icoOf(pngs: readonly { side: number; png: Uint8Array }[]): Uint8Array {
  const headerSize = 6 + 16 * pngs.length;
  const total = headerSize + pngs.reduce((sum, { png }) => sum + png.length, 0);
  const out = new Uint8Array(total);
  const view = new DataView(out.buffer);
  view.setUint16(2, 1, true); // type 1: icon
  view.setUint16(4, pngs.length, true);
  let offset = headerSize;
  pngs.forEach(({ side, png }, index) => {
    const entry = 6 + 16 * index;
    if (side < 1 || side > 256) throw new Error(`an ICO image is 1 to 256 px, not ${side}`);
    view.setUint8(entry, side === 256 ? 0 : side);
    view.setUint8(entry + 1, side === 256 ? 0 : side);
    view.setUint16(entry + 4, 1, true); // colour planes
    view.setUint16(entry + 6, 32, true); // bits per pixel
    view.setUint32(entry + 8, png.length, true);
    view.setUint32(entry + 12, offset, true);
    out.set(png, offset);
    offset += png.length;
  });
  return out;
}
