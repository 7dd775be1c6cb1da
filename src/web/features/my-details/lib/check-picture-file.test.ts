import { describe, expect, it } from 'vitest';
import { MAX_SELFIE_BYTES } from '@shared/upload-rules.js';
import { translate as t } from '@web/i18n/i18n';
import '../i18n';
import { pictureFileProblem } from './check-picture-file';

const file = (type: string, bytes: number) => new File([new Uint8Array(bytes)], 'me', { type });

describe('pictureFileProblem', () => {
  it('accepts JPEG and PNG up to the limit', () => {
    expect(pictureFileProblem(file('image/jpeg', 1000), t)).toBeNull();
    expect(pictureFileProblem(file('image/png', MAX_SELFIE_BYTES), t)).toBeNull();
  });

  it('refuses other types and files over the limit', () => {
    expect(pictureFileProblem(file('image/gif', 1000), t)).toBe('Please choose a JPEG or PNG picture.');
    expect(pictureFileProblem(file('image/jpeg', MAX_SELFIE_BYTES + 1), t)).toBe(
      'That picture is too large: pictures can be up to 5 MB.',
    );
  });
});
