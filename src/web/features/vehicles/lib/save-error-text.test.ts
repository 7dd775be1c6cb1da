import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '@web/testing/http';
import { saveErrorText } from './save-error-text';

/** What the page passes: 'An unknown error occurred' in the member's language. */
const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

describe('saveErrorText (docs/product.md#vehicles vehicle saves)', () => {
  it('shows errors.message', () => {
    expect(
      saveErrorText(
        httpError(400, {
          errors: { message: 'Please check the highlighted fields', fields: [{ field: 'registration', error: 'x' }] },
        }),
        UNKNOWN_ERROR_TEXT,
      ),
    ).toBe('Please check the highlighted fields');
  });

  it('joins the field errors with commas when there is no message', () => {
    const error = httpError(400, {
      errors: {
        fields: [
          { field: 'registration', error: 'Not a UK registration' },
          { field: 'insurance_document', error: 'Upload a document' },
        ],
      },
    });
    expect(saveErrorText(error, UNKNOWN_ERROR_TEXT)).toBe('Not a UK registration, Upload a document');
  });

  it("falls back to 'An unknown error occurred'", () => {
    expect(saveErrorText(httpError(502, '<html>Bad gateway</html>'), UNKNOWN_ERROR_TEXT)).toBe(UNKNOWN_ERROR_TEXT);
    expect(saveErrorText(networkError(), UNKNOWN_ERROR_TEXT)).toBe(UNKNOWN_ERROR_TEXT);
    expect(saveErrorText(undefined, UNKNOWN_ERROR_TEXT)).toBe(UNKNOWN_ERROR_TEXT);
  });
});
