import { useEffect } from 'react';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';

/** The tab's title for a page named `name`: 'My Details · Staffroom', or 'Staffroom' for none. */
export function documentTitleOf(name: string | undefined): string {
  return name ? `${name} · ${PRODUCT_SHORT_NAME}` : PRODUCT_SHORT_NAME;
}

/**
 * Names the browser tab (and the page for a screen reader, and the app switcher) after the page
 * shown (docs/product.md#page-titles), while it is shown.
 */
export function useDocumentTitle(name: string | undefined): void {
  useEffect(() => {
    document.title = documentTitleOf(name);
  }, [name]);
}
