import { MAX_SELFIE_BYTES } from '@shared/upload-rules.js';
import type { Translate } from '@web/i18n/i18n';
import { SELFIE_FILE_TYPES } from './selfie-capture';

/** Why a chosen picture file cannot be used (wrong type, too large), in the member's language, or null when it can. */
export function pictureFileProblem(file: File, t: Translate, maxBytes = MAX_SELFIE_BYTES): string | null {
  if (!(SELFIE_FILE_TYPES as readonly string[]).includes(file.type)) {
    return t('details.picture.wrongType');
  }
  if (file.size > maxBytes) {
    return t('details.picture.tooLarge', { mb: Math.round(maxBytes / (1024 * 1024)) });
  }
  return null;
}
