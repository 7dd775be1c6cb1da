import EventIcon from '@mui/icons-material/Event';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type * as PickersModule from './survey-pickers';
import type { DateAnswerPickerProps, TimeRangePickersProps } from './survey-pickers';
import { useSurveyFormT } from '../i18n/form';
import { codeOnFirstUse } from '../lib/code-on-first-use';
import type { TimeRange } from '../lib/time-range';

/** The survey's pickers (MUI X and dayjs, about 50 KiB brotli), fetched once. */
const pickers = codeOnFirstUse<typeof PickersModule>(() => import('./survey-pickers'));

/** What a person did with a stand-in: focused it to type, or asked for the calendar or clock. */
type Asked = 'type' | 'open';

/**
 * The pickers' module once loaded, and a way to ask for it now. The code is fetched when the page is
 * first used, not with the page: the survey then paints without MUI X, and by the time the member
 * reaches a date it has usually arrived, as the onboarding form's dates.
 */
const usePickersOnUse = pickers.useOnUse;

/** What a stand-in shows until the picker is there: the answer's format. */
const DATE_FORMAT = 'DD/MM/YYYY';
const TIME_FORMAT = 'HH:mm';

const typesWithFinePointer = () => window.matchMedia?.('(pointer: fine)').matches === true;

/**
 * A date question's picker (survey-pickers.tsx), fetched on first use; until then a stand-in of the
 * same look shows the answer as DD/MM/YYYY. Focusing the stand-in, or its Choose date button, swaps
 * in the picker, focused to type with a fine pointer, else with its calendar open, as a tap on the
 * picker itself does (docs/product.md#surveys).
 */
export function LazyDateAnswerPicker(props: DateAnswerPickerProps) {
  const t = useSurveyFormT();
  const { loaded, failed, load } = usePickersOnUse();
  const [asked, setAsked] = useState<Asked | null>(null);
  if (loaded) {
    const typing = asked === 'type' && typesWithFinePointer();
    return (
      <loaded.DateAnswerPicker
        {...props}
        autoFocus={typing}
        initiallyOpen={asked === 'open' || (asked === 'type' && !typing)}
      />
    );
  }
  const ask = (what: Asked) => {
    if (props.disabled || failed) return;
    setAsked(what);
    void load(() => setAsked(null));
  };
  // Chromium keeps a failed import() failed for the life of the page: the message asks for a reload.
  const helperText = failed ? t('survey.form.calendarFailed') : props.error;
  return (
    <TextField
      id={props.id}
      fullWidth
      required={props.required}
      disabled={props.disabled}
      value={props.value ?? ''}
      placeholder={DATE_FORMAT}
      error={Boolean(helperText)}
      helperText={helperText}
      onFocus={() => ask('type')}
      // Moved on before the code arrived: the picker must not pull the focus back, nor open by itself.
      onBlur={() => setAsked((was) => (was === 'type' ? null : was))}
      slotProps={{
        htmlInput: { readOnly: true, 'aria-labelledby': props.labelledBy, 'aria-busy': asked !== null },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t('survey.form.chooseDate')}
                disabled={props.disabled}
                onClick={() => ask('open')}
              >
                {asked ? <CircularProgress size={20} aria-label={t('survey.form.loadingCalendar')} /> : <EventIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}

/**
 * A time question's From and Until pickers, fetched on first use; until then two stand-ins of the
 * same look show the answer as HH:mm. Focusing one swaps in the pickers with that end focused to type
 * with a fine pointer, else with its clock open.
 */
export function LazyTimeRangePickers(props: TimeRangePickersProps) {
  const t = useSurveyFormT();
  const { loaded, failed, load } = usePickersOnUse();
  const [asked, setAsked] = useState<keyof TimeRange | null>(null);
  if (loaded) {
    const typing = typesWithFinePointer();
    return <loaded.TimeRangePickers {...props} startWith={asked ? { end: asked, open: !typing } : undefined} />;
  }
  const ask = (end: keyof TimeRange) => {
    if (props.disabled || failed) return;
    setAsked(end);
    void load(() => setAsked(null));
  };
  const standIn = (end: keyof TimeRange, label: string) => (
    <TextField
      id={`${props.id}-${end}`}
      label={label}
      fullWidth
      required={props.required}
      disabled={props.disabled}
      value={props.value[end] ?? ''}
      placeholder={TIME_FORMAT}
      error={props.invalid || (failed && end === 'from')}
      helperText={failed && end === 'from' ? t('survey.form.calendarFailed') : undefined}
      onFocus={() => ask(end)}
      onBlur={() => setAsked((was) => (was === end ? null : was))}
      slotProps={{ htmlInput: { readOnly: true, 'aria-busy': asked === end } }}
    />
  );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      {standIn('from', t('survey.form.from'))}
      {standIn('until', t('survey.form.until'))}
    </Stack>
  );
}
