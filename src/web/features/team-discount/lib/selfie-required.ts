import { SELFIE_REQUIRED_MESSAGE } from '@shared/team-discount-messages.js';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';

/** True when the card was refused because the member has no selfie yet (docs/product.md#team-discount: 409 with that message). */
export function isSelfieRequired(error: unknown): boolean {
  return statusOf(error) === 409 && errorText(error) === SELFIE_REQUIRED_MESSAGE;
}
