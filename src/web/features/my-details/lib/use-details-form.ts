import { useState } from 'react';
import { useFieldErrors } from '@web/lib/use-field-errors';

/**
 * The state of a My Details text form: its values (started from `initial`), a `change(name, value)`
 * that also hides that field's old server error, and the errors of the last failed save.
 */
export function useDetailsForm<V extends Record<string, string>>(initial: () => V, saveError: unknown) {
  const [values, setValues] = useState(initial);
  const { errors, edited } = useFieldErrors(saveError);
  const change = (name: string, value: string) => {
    edited(name);
    setValues((current) => ({ ...current, [name]: value }));
  };
  return { values, change, errors };
}
