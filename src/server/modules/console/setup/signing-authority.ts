/**
 * The group's document-signing authority certificate for Set-up (docs/product.md#set-up): HR downloads
 * it to add to their PDF readers' trust, so sealed documents show a trusted signer.
 */
import { getBrand } from '@shared/brands.js';
import type { Services } from '@server/services.js';
import { signingAuthorityCertificate } from '@server/modules/documents/index.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/**
 * The authority's certificate (PEM) and the file name to save it as.
 * @throws AppError FORBIDDEN for a manager.
 */
export async function signingAuthorityFile(opts: {
  services: Services;
  scope: ConsoleScope;
}): Promise<{ pem: string; filename: string }> {
  requireHr(opts.scope);
  const brand = getBrand(opts.services.config.brand).name;
  const slug =
    brand
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'staffroom';
  return {
    pem: await signingAuthorityCertificate({ services: opts.services }),
    filename: `${slug}-signing-authority.pem`,
  };
}
