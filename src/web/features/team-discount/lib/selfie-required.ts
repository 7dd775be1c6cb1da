import { SELFIE_REQUIRED_MESSAGE } from '../../../../shared/discount-messages.js';
import { statusOf } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';

/** True when the card was refused because the member has no selfie yet (spec §8: 409 with that message). */
export function isSelfieRequired(error: unknown): boolean {
  return statusOf(error) === 409 && errorText(error) === SELFIE_REQUIRED_MESSAGE;
}
