import Stack from '@mui/material/Stack';
import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import { TimePicker } from '@mui/x-date-pickers/TimePicker';
import dayjs, { type Dayjs } from 'dayjs';
import customParseFormat from 'dayjs/plugin/customParseFormat';
import { useState } from 'react';
import { SURVEY_DATE_FORMAT, SURVEY_TIME_FORMAT } from '@shared/survey-rules.js';
import { applyTimeRangeRule, TIME_RANGE_MINUTES_STEP, type TimeRange } from '../lib/time-range';
import { PICKER_TAP_TARGETS } from '@web/components/forms/picker-tap-targets';
import { UkDatePickers } from '@web/components/forms/uk-date-pickers';
import type { MessageId } from '@web/i18n/i18n';
import { useSurveyFormT } from '../i18n/form';

dayjs.extend(customParseFormat);

/**
 * The date and time pickers of the survey (MUI X in UK English: UkDatePickers), in a chunk of their own that loads only
 * once a survey with a date or time question is first used (see lazy-pickers.tsx).
 */

function parse(value: string | null, format: string): Dayjs | null {
  if (!value) return null;
  const date =
    format === SURVEY_TIME_FORMAT
      ? dayjs(`2000-01-01 ${value}`, `YYYY-MM-DD ${format}`, true)
      : dayjs(value, format, true);
  return date.isValid() ? date : null;
}

/**
 * A picker's own value, kept even while half typed (an invalid date), following the answer when it
 * changes from outside (the time-range rule). Handing the picker null for a half-typed value would
 * wipe what is being typed.
 */
function usePickerValue(answer: string | null, format: string) {
  const [date, setDate] = useState<Dayjs | null>(() => parse(answer, format));
  const [seen, setSeen] = useState(answer);
  if (answer !== seen) {
    setSeen(answer);
    const shown = date && date.isValid() ? date.format(format) : null;
    if (answer !== shown) setDate(parse(answer, format));
  }
  return [date, setDate] as const;
}

/** What a time picker's validation errors say, by MUI's code; any other says what invalidDate says. */
const TIME_PROBLEMS: Record<string, MessageId> = {
  minutesStep: 'survey.form.wholeHour',
  invalidDate: 'survey.form.timeProblem',
};

export interface DateAnswerPickerProps {
  /** Id of the hidden input (a label's htmlFor) and the base of the picker's ids. */
  id: string;
  /** Id of the element naming the date (the question). */
  labelledBy: string;
  /** The answer: DD/MM/YYYY, or null. */
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  /** A server error about the answer, shown when the picker itself has none. */
  error?: string;
  disabled?: boolean;
  /** Focused to type as it mounts (its stand-in was focused with a fine pointer: lazy-pickers.tsx). */
  autoFocus?: boolean;
  /** Its calendar open as it mounts (the stand-in's Choose date, or a tap on a phone). */
  initiallyOpen?: boolean;
}

/**
 * A date question (docs/product.md#surveys): MUI's DatePicker in the en-gb locale, typed or picked as
 * DD/MM/YYYY and answered as that text; null while it is not a real date. A popup with a fine
 * pointer, otherwise a dialog with Cancel and OK (docs/product.md#surveys).
 */
export function DateAnswerPicker({
  id,
  labelledBy,
  value,
  onChange,
  required,
  error,
  disabled,
  autoFocus,
  initiallyOpen = false,
}: DateAnswerPickerProps) {
  const t = useSurveyFormT();
  const [date, setDate] = usePickerValue(value, SURVEY_DATE_FORMAT);
  const [open, setOpen] = useState(initiallyOpen);
  const [problem, setProblem] = useState(false);
  const helperText = problem ? t('survey.form.dateProblem') : error;
  return (
    <UkDatePickers>
      <DatePicker
        value={date}
        format={SURVEY_DATE_FORMAT}
        disabled={disabled}
        autoFocus={autoFocus}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        onChange={(next, context) => {
          setDate(next);
          const valid = next !== null && next.isValid() && context.validationError === null;
          onChange(valid ? next.format(SURVEY_DATE_FORMAT) : null);
        }}
        onError={(code) => setProblem(code !== null)}
        slotProps={{
          textField: {
            id,
            required,
            fullWidth: true,
            error: Boolean(helperText),
            helperText,
            // Named by the question shown above it rather than by a floating label.
            slotProps: { input: { 'aria-labelledby': labelledBy } },
          },
          layout: { sx: PICKER_TAP_TARGETS },
        }}
      />
    </UkDatePickers>
  );
}

export interface TimeRangePickersProps {
  /** Base of the pickers' ids. */
  id: string;
  /** The answer while edited: each end HH:mm or null. */
  value: TimeRange;
  onChange: (value: TimeRange) => void;
  required?: boolean;
  /** Whether the server refused the answer (its text shows under the whole range). */
  invalid?: boolean;
  disabled?: boolean;
  /** The end whose stand-in was focused (lazy-pickers.tsx): focused as it mounts, or its clock open. */
  startWith?: { end: keyof TimeRange; open: boolean };
}

function TimeEndPicker({
  id,
  label,
  value,
  onChange,
  required,
  invalid,
  disabled,
  autoFocus,
  initiallyOpen = false,
}: {
  id: string;
  label: string;
  value: string | null;
  onChange: (value: string | null) => void;
  required?: boolean;
  invalid?: boolean;
  disabled?: boolean;
  autoFocus?: boolean;
  initiallyOpen?: boolean;
}) {
  const t = useSurveyFormT();
  const [time, setTime] = usePickerValue(value, SURVEY_TIME_FORMAT);
  const [open, setOpen] = useState(initiallyOpen);
  const [problem, setProblem] = useState<string | null>(null);
  const helperText = problem ? t(TIME_PROBLEMS[problem] ?? 'survey.form.timeProblem') : undefined;
  return (
    <TimePicker
      label={label}
      value={time}
      ampm={false}
      format={SURVEY_TIME_FORMAT}
      views={['hours', 'minutes']}
      // docs/product.md#surveys: hours 0-23 in steps of an hour in the range picker.
      minutesStep={TIME_RANGE_MINUTES_STEP}
      timeSteps={{ hours: 1, minutes: TIME_RANGE_MINUTES_STEP }}
      skipDisabled
      disabled={disabled}
      autoFocus={autoFocus}
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      onChange={(next, context) => {
        setTime(next);
        const valid = next !== null && next.isValid() && context.validationError === null;
        onChange(valid ? next.format(SURVEY_TIME_FORMAT) : null);
      }}
      onError={(code) => setProblem(code)}
      slotProps={{ textField: { id, required, fullWidth: true, error: Boolean(helperText) || invalid, helperText } }}
    />
  );
}

/**
 * A time question (docs/product.md#surveys): 'From' and 'Until' 24-hour time pickers stepping an hour,
 * answered as HH:mm. If from is later than until, from is reset to the until value.
 */
export function TimeRangePickers({
  id,
  value,
  onChange,
  required,
  invalid,
  disabled,
  startWith,
}: TimeRangePickersProps) {
  const t = useSurveyFormT();
  const change = (end: keyof TimeRange) => (time: string | null) =>
    onChange(applyTimeRangeRule({ ...value, [end]: time }));
  const first = (end: keyof TimeRange) => ({
    autoFocus: startWith?.end === end && !startWith.open,
    initiallyOpen: startWith?.end === end && startWith.open,
  });
  return (
    <UkDatePickers>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <TimeEndPicker
          id={`${id}-from`}
          label={t('survey.form.from')}
          value={value.from}
          onChange={change('from')}
          required={required}
          invalid={invalid}
          disabled={disabled}
          {...first('from')}
        />
        <TimeEndPicker
          id={`${id}-until`}
          label={t('survey.form.until')}
          value={value.until}
          onChange={change('until')}
          required={required}
          invalid={invalid}
          disabled={disabled}
          {...first('until')}
        />
      </Stack>
    </UkDatePickers>
  );
}
