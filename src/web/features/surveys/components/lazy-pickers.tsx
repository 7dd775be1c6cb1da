import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { lazy, Suspense } from 'react';
import type { DateAnswerPickerProps, TimeRangePickersProps } from './survey-pickers';

// MUI X pickers and dayjs are a large download: they come with the first date or time question.
const DateAnswerPicker = lazy(() => import('./survey-pickers').then((m) => ({ default: m.DateAnswerPicker })));
const TimeRangePickers = lazy(() => import('./survey-pickers').then((m) => ({ default: m.TimeRangePickers })));

/** The date picker of a date question, fetched on first use; a same-sized empty field meanwhile. */
export function LazyDateAnswerPicker(props: DateAnswerPickerProps) {
  return (
    <Suspense
      fallback={
        <TextField id={props.id} fullWidth disabled value="" placeholder="DD/MM/YYYY" slotProps={{ htmlInput: { 'aria-labelledby': props.labelledBy } }} />
      }
    >
      <DateAnswerPicker {...props} />
    </Suspense>
  );
}

/** The From and Until pickers of a time question, fetched on first use; empty fields meanwhile. */
export function LazyTimeRangePickers(props: TimeRangePickersProps) {
  return (
    <Suspense
      fallback={
        <Stack direction="row" spacing={2}>
          <TextField label="From" fullWidth disabled value="" placeholder="HH:mm" />
          <TextField label="Until" fullWidth disabled value="" placeholder="HH:mm" />
        </Stack>
      }
    >
      <TimeRangePickers {...props} />
    </Suspense>
  );
}
