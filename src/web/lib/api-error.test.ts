import { describe, expect, it } from 'vitest';
import { httpError, networkError } from '@web/testing/http';
import { errorCode, hasCode } from './api-error';

describe('errorCode and hasCode', () => {
  it("read the answer's errors.code", () => {
    const failed = httpError(409, {
      errors: { message: 'You need to upload a selfie before activating staff discount', code: 'SELFIE_REQUIRED' },
    });
    expect(errorCode(failed)).toBe('SELFIE_REQUIRED');
    expect(hasCode(failed, 'SELFIE_REQUIRED')).toBe(true);
    expect(hasCode(failed, 'CONFLICT')).toBe(false);
  });

  it('find no code without one, without an answer, or for a plain error; a code the web does not know matches none', () => {
    expect(errorCode(httpError(403, { errors: { message: 'You are not signed in.' } }))).toBeUndefined();
    expect(errorCode(httpError(500, 'Bad gateway'))).toBeUndefined();
    const newer = httpError(400, { errors: { message: 'x', code: 'SOMETHING_NEW' } });
    expect(hasCode(newer, 'BAD_REQUEST')).toBe(false);
    expect(errorCode(httpError(400, { errors: { message: 'x', code: 7 } }))).toBeUndefined();
    expect(errorCode(networkError())).toBeUndefined();
    expect(errorCode(new Error('NOT_SIGNED_IN'))).toBeUndefined();
    expect(hasCode(undefined, 'NOT_SIGNED_IN')).toBe(false);
  });
});
