import { useState } from 'react';
import { fieldErrorsOf } from './field-errors';

const NONE: ReadonlySet<string> = new Set();

/**
 * The server's field errors of the last failed save (docs/product.md#errors: under their fields), each hidden once
 * its field is edited, so a corrected field stops showing the old complaint before the next save.
 * @returns the errors to show and `edited(name)` to call when a field changes.
 */
export function useFieldErrors(error: unknown): { errors: Record<string, string>; edited: (name: string) => void } {
  // Edited fields are remembered per failure, so a new failure shows all of its errors again.
  const [cleared, setCleared] = useState<{ error: unknown; fields: ReadonlySet<string> }>({ error, fields: new Set() });
  const clearedFields = cleared.error === error ? cleared.fields : NONE;
  const all = fieldErrorsOf(error);
  const errors = Object.fromEntries(Object.entries(all).filter(([field]) => !clearedFields.has(field)));
  const edited = (name: string) => {
    if (all[name] && !clearedFields.has(name)) setCleared({ error, fields: new Set(clearedFields).add(name) });
  };
  return { errors, edited };
}
