import { afterEach, describe, expect, it } from 'vitest';
import { activateLocale } from '@web/i18n/i18n';
import { httpError, networkError } from '@web/testing/http';
import { errorText } from './error-text';

/** A failed call as the client produces it for a non-2xx answer with this body. */
const answerError = (data: unknown, status = 400) => httpError(status, data);

const fields = [
  { field: 'registration', error: 'Registration is required' },
  { field: 'insurance_document', error: 'Upload your insurance document' },
];

describe('errorText', () => {
  it('prefers errors.message over every other source', () => {
    const error = answerError({ errors: { message: 'Your session has expired', fields }, error: 'ignored' });
    expect(errorText(error)).toBe('Your session has expired');
  });

  it('falls back to the answer error field when errors.message is missing', () => {
    const error = answerError({ error: 'Invalid state', errors: { fields } });
    expect(errorText(error)).toBe('Invalid state');
  });

  it('treats an empty errors.message as missing', () => {
    expect(errorText(answerError({ errors: { message: '' }, error: 'Invalid state' }))).toBe('Invalid state');
  });

  it('joins the messages of errors.fields with a comma and a space when there is no message', () => {
    const error = answerError({ errors: { fields } });
    expect(errorText(error)).toBe('Registration is required, Upload your insurance document');
  });

  it('uses the generic error message when the answer carries no text', () => {
    expect(errorText(answerError({}, 500))).toBe('Request failed with status code 500');
    expect(errorText(answerError('<html>Bad gateway</html>', 502))).toBe('Request failed with status code 502');
    expect(errorText(answerError({ errors: { fields: [] } }, 422))).toBe('Request failed with status code 422');
  });

  it('uses the generic message for a network error without an answer', () => {
    const error = networkError();
    expect(errorText(error)).toBe('Network Error');
  });

  it('shows the text of a plain error', () => {
    expect(errorText(new Error('Camera not found'))).toBe('Camera not found');
  });

  it('falls back to a readable text for things that are not errors', () => {
    expect(errorText('Something broke')).toBe('Something broke');
    expect(errorText(undefined)).toBe('An unknown error occurred');
  });
});

describe('errorText for a member reading another language', () => {
  afterEach(async () => {
    await activateLocale('en-GB');
  });

  const tooMany = () =>
    answerError(
      { errors: { message: 'Too many requests: please wait a moment and try again.', code: 'TOO_MANY_REQUESTS' } },
      429,
    );

  it("reads the server's refusal by its code in Polish, and English keeps the server's words", async () => {
    expect(errorText(tooMany())).toBe('Too many requests: please wait a moment and try again.');
    await activateLocale('pl');
    expect(errorText(tooMany())).toBe('Zbyt wiele prób. Odczekaj chwilę i spróbuj ponownie.');
    expect(errorText(answerError('<html>Bad gateway</html>', 502))).toBe(
      'Coś poszło nie tak po naszej stronie. Spróbuj ponownie.',
    );
  });

  it("keeps the server's words for an answer without a code it has a text for", async () => {
    await activateLocale('pl');
    expect(errorText(answerError({ errors: { message: 'Your session has expired' } }))).toBe(
      'Your session has expired',
    );
  });
});
