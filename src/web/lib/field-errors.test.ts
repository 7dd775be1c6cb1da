import { afterEach, describe, expect, it } from 'vitest';
import { BANK_ACCOUNT_ERROR, SORT_CODE_ERROR } from '@shared/bank-details.js';
import { activateLocale } from '@web/i18n/i18n';
import { httpError } from '@web/testing/http';
import { envelopeFieldErrors, fieldErrorText, groupFieldErrors } from '@web/lib/field-errors';

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

describe('field errors in the member’s language', () => {
  afterEach(async () => {
    await activateLocale('en-GB');
  });

  // Every wording src/server/modules/onboarding/validate-answers.ts and drafts.ts put under a field, with
  // dates and lengths as the server fills them in.
  const ONBOARDING = [
    'This field is required',
    'Enter a valid email address',
    'Enter a valid phone number, such as 07911 123456 or +44 7911 123456',
    'Enter a number',
    'Enter a real date',
    'must be on or after 01/09/2026',
    'must be on or before 31/12/2008',
    'cannot be in the future',
    'Choose one of the options',
    'Upload the file',
    'Upload the file again',
    'must be text',
    'must be at most 200 characters',
    'is not in the right format',
    'cannot be answered',
    'cannot be answered with a file',
    'is not a question on this form',
    BANK_ACCOUNT_ERROR,
    SORT_CODE_ERROR,
    'must be at least 8 characters',
    'must contain at least 1 digit',
    'must be the same as the password',
  ];

  it('shows a Polish member each of onboarding’s server wordings in Polish, dates and numbers kept', async () => {
    await activateLocale('pl');
    for (const wording of ONBOARDING) expect(fieldErrorText(wording), wording).not.toBe(wording);
    expect(
      groupFieldErrors([
        { field: 'start_date', error: 'must be on or after 01/09/2026' },
        { field: 'sort_code', error: SORT_CODE_ERROR },
        { field: 'sort_code', error: 'This field is required' },
        { field: 'bio', error: 'must be at most 200 characters' },
        { field: 'password', error: 'must be at least 8 characters' },
      ]),
    ).toEqual({
      start_date: 'data nie może być wcześniejsza niż 01/09/2026',
      sort_code: 'Wpisz 6-cyfrowy sort code (numer oddziału banku), np. 12-34-56, To pole jest wymagane',
      bio: 'może mieć najwyżej 200 znaków',
      password: 'musi mieć co najmniej 8 znaków',
    });
  });

  it('shows a wording it does not know as the server sent it, such as what HR wrote for a pattern', async () => {
    await activateLocale('pl');
    expect(fieldErrorText('Enter your payroll number as P followed by 6 digits')).toBe(
      'Enter your payroll number as P followed by 6 digits',
    );
    expect(fieldErrorText('This field is required, really')).toBe('This field is required, really');
  });

  it('leaves every wording in English as the server sent it', () => {
    for (const wording of ONBOARDING) expect(fieldErrorText(wording)).toBe(wording);
    expect(groupFieldErrors([{ field: 'd', error: 'must be on or after 01/09/2026' }])).toEqual({
      d: 'must be on or after 01/09/2026',
    });
  });
});
