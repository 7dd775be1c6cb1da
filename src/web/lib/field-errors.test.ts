import { describe, expect, it } from 'vitest';
import { httpError } from '@web/testing/http';
import { envelopeFieldErrors, groupFieldErrors } from '@web/lib/field-errors';

describe('groupFieldErrors', () => {
  it('joins several errors of one field with a comma and a space', () => {
    expect(
      groupFieldErrors([
        { field: 'ni_number', error: 'This field is required' },
        { field: 'email', error: 'Enter a valid email address' },
        { field: 'ni_number', error: 'is not in the right format' },
      ]),
    ).toEqual({
      ni_number: 'This field is required, is not in the right format',
      email: 'Enter a valid email address',
    });
  });
});

describe('envelopeFieldErrors', () => {
  it('reads errors.fields of a failed call', () => {
    const error = httpError(400, {
      errors: {
        message: 'Check your answers',
        fields: [{ field: 'email', error: 'Enter a valid email address' }, { nonsense: true }],
      },
    });
    expect(envelopeFieldErrors(error)).toEqual([{ field: 'email', error: 'Enter a valid email address' }]);
  });

  it('finds none in other failures', () => {
    expect(envelopeFieldErrors(httpError(500, 'Internal Server Error'))).toEqual([]);
    expect(envelopeFieldErrors(new Error('offline'))).toEqual([]);
  });
});
