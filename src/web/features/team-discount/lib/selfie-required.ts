import { hasCode } from '@web/lib/api-error';

/** True when the card was refused because the member has no selfie yet (docs/product.md#team-discount: 409 `SELFIE_REQUIRED`). */
export function isSelfieRequired(error: unknown): boolean {
  return hasCode(error, 'SELFIE_REQUIRED');
}
