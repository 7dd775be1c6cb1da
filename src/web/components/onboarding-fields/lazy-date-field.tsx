import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type * as DateFieldModule from './date-field';
import type { DateFieldProps } from './date-field';

let dateFieldCode: Promise<typeof DateFieldModule> | undefined;

/**
 * Starts fetching the date field's code, once: the details step shows date fields, so the screen asks
 * for it while its data is on the way rather than after the form first renders.
 */
export function preloadDateField(): Promise<typeof DateFieldModule> {
  return (dateFieldCode ??= import('./date-field'));
}

const DateField = lazy(preloadDateField);

/** The date field (date-field.tsx), fetched on first use; a same-sized empty field meanwhile. */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<TextField label={props.label} required={props.required} fullWidth disabled value="" placeholder="DD/MM/YYYY" />}>
      <DateField {...props} />
    </Suspense>
  );
}
