import { MAX_SELFIE_BYTES } from '@shared/upload-rules.js';
import { SELFIE_FILE_TYPES } from './selfie-capture';

/** Why a chosen picture file cannot be used (wrong type, too large), or null when it can. */
export function pictureFileProblem(file: File, maxBytes = MAX_SELFIE_BYTES): string | null {
  if (!(SELFIE_FILE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please choose a JPEG or PNG picture.';
  }
  if (file.size > maxBytes) {
    return `That picture is too large: pictures can be up to ${Math.round(maxBytes / (1024 * 1024))} MB.`;
  }
  return null;
}
