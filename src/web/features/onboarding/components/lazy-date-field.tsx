import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { DateFieldProps } from './date-field';

const DateField = lazy(() => import('./date-field'));

/** The date field (date-field.tsx), fetched on first use; a same-sized empty field meanwhile. */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense fallback={<TextField label={props.label} required={props.required} fullWidth disabled value="" placeholder="DD/MM/YYYY" />}>
      <DateField {...props} />
    </Suspense>
  );
}
