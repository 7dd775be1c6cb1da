import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '@web/testing/http';
import { surveySaveErrorText } from './save-error-text';

const UNKNOWN_ERROR_TEXT = 'An unknown error occurred';

describe('surveySaveErrorText (docs/product.md#surveys survey saves)', () => {
  it('shows errors.message followed by the field errors joined with commas', () => {
    const error = httpError(400, {
      errors: {
        message: 'Some answers need another look.',
        fields: [
          { field: '2', error: 'Venue: an answer is required' },
          { field: '4', error: 'Time of the visit: the from time must not be after the until time' },
        ],
      },
    });
    expect(surveySaveErrorText(error)).toBe(
      'Some answers need another look. Venue: an answer is required, Time of the visit: the from time must not be after the until time',
    );
    expect(
      surveySaveErrorText(
        httpError(400, {
          errors: { message: 'Check your answers', fields: [{ field: '2', error: 'Venue: required' }] },
        }),
      ),
    ).toBe('Check your answers: Venue: required');
  });

  it('shows errors.message alone when there are no field errors, and the field errors alone without a message', () => {
    expect(surveySaveErrorText(httpError(404, { errors: { message: 'That survey was not found.' } }))).toBe(
      'That survey was not found.',
    );
    expect(
      surveySaveErrorText(
        httpError(400, {
          errors: {
            fields: [
              { field: '2', error: 'a' },
              { field: '3', error: 'b' },
            ],
          },
        }),
      ),
    ).toBe('a, b');
  });

  it("falls back to 'An unknown error occurred'", () => {
    expect(surveySaveErrorText(httpError(502, '<html>Bad gateway</html>'))).toBe(UNKNOWN_ERROR_TEXT);
    expect(surveySaveErrorText(networkError())).toBe(UNKNOWN_ERROR_TEXT);
    expect(surveySaveErrorText(undefined)).toBe(UNKNOWN_ERROR_TEXT);
  });
});
