import { act, renderHook } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { httpError } from '@web/testing/http';
import { useFieldErrors } from './use-field-errors';

const failure = (fields: { field: string; error: string }[]) =>
  httpError(400, { errors: { message: 'Some of the details need another look.', fields } });

describe('useFieldErrors', () => {
  it('hides a field’s error once it is edited, and shows all again after the next failure', () => {
    const first = failure([
      { field: 'mobile', error: 'Enter a valid phone number' },
      { field: 'nok_phone', error: 'Enter a valid phone number' },
    ]);
    const { result, rerender } = renderHook(({ error }) => useFieldErrors(error), {
      initialProps: { error: first as unknown },
    });
    expect(Object.keys(result.current.errors)).toEqual(['mobile', 'nok_phone']);
    act(() => result.current.edited('mobile'));
    expect(Object.keys(result.current.errors)).toEqual(['nok_phone']);
    rerender({ error: failure([{ field: 'mobile', error: 'Still wrong' }]) });
    expect(result.current.errors).toEqual({ mobile: 'Still wrong' });
    rerender({ error: null });
    expect(result.current.errors).toEqual({});
  });
});
