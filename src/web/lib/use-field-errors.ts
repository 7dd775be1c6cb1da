import { useEffect, useState } from 'react';
import { fieldErrorsOf } from './field-errors';

/**
 * The server's field errors of the last failed save (spec §8: under their fields), each hidden once
 * its field is edited, so a corrected field stops showing the old complaint before the next save.
 * @returns the errors to show and `edited(name)` to call when a field changes.
 */
export function useFieldErrors(error: unknown): { errors: Record<string, string>; edited: (name: string) => void } {
  const [cleared, setCleared] = useState<ReadonlySet<string>>(new Set());
  // A new failure shows all of its errors again.
  useEffect(() => setCleared(new Set()), [error]);
  const all = fieldErrorsOf(error);
  const errors = Object.fromEntries(Object.entries(all).filter(([field]) => !cleared.has(field)));
  const edited = (name: string) => {
    if (all[name] && !cleared.has(name)) setCleared((current) => new Set(current).add(name));
  };
  return { errors, edited };
}
