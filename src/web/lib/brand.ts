import { createContext, useContext } from 'react';
import { getBrand, type Brand } from '@shared/brands.js';

/** Name of the meta tag the server fills with the brand id when it serves index.html. */
export const BRAND_META_NAME = 'staffroom-brand';

/**
 * The brand this page is served for: the id in `<meta name="staffroom-brand">`, or the default brand
 * when the tag is missing, empty or names an unknown brand (e.g. under the Vite dev server).
 */
export function readBrand(doc: Document = document): Brand {
  const id = doc.querySelector(`meta[name="${BRAND_META_NAME}"]`)?.getAttribute('content')?.trim();
  return getBrand(id || undefined);
}

/** The active brand; provided once at the app root. */
export const BrandContext = createContext<Brand>(getBrand(undefined));

/** The active brand (name, logo, palette, links). */
export function useBrand(): Brand {
  return useContext(BrandContext);
}
