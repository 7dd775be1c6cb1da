import EventIcon from '@mui/icons-material/Event';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type * as PickersModule from './survey-pickers';
import type { DateAnswerPickerProps, TimeRangePickersProps } from './survey-pickers';
import type { TimeRange } from '../lib/time-range';

let pickersCode: Promise<typeof PickersModule> | undefined;
let loadedPickers: typeof PickersModule | undefined;
const onLoaded = new Set<() => void>();

/**
 * Fetches the survey's pickers (MUI X and dayjs, about 48 KiB brotli), once; a failed fetch is
 * forgotten so the next use tries again.
 */
export function loadSurveyPickers(): Promise<typeof PickersModule> {
  pickersCode ??= import('./survey-pickers').then(
    (code) => {
      loadedPickers = code;
      for (const listener of onLoaded) listener();
      return code;
    },
    (err: unknown) => {
      pickersCode = undefined;
      throw err;
    },
  );
  return pickersCode;
}

const subscribe = (listener: () => void) => {
  onLoaded.add(listener);
  return () => onLoaded.delete(listener);
};

/** The signs that someone has started to use the page, after which the pickers' code is fetched. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/** What a person did with a stand-in: focused it to type, or asked for the calendar or clock. */
type Asked = 'type' | 'open';

/**
 * The pickers' module once loaded, and a way to ask for it now. The code is fetched when the page is
 * first used (a tap, a key, a focus anywhere), not with the page: the survey then paints without
 * MUI X, and by the time the member reaches a date it has usually arrived ("import on interaction",
 * as the onboarding form's dates, docs/decisions/0010-lean-first-load.md).
 */
function usePickersOnUse() {
  const loaded = useSyncExternalStore(
    subscribe,
    () => loadedPickers,
    () => undefined,
  );
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    if (loadedPickers) return;
    const start = () => void loadSurveyPickers().catch(() => {});
    for (const type of FIRST_USE_EVENTS)
      document.addEventListener(type, start, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, start, { capture: true });
    };
  }, []);
  const load = (onFail: () => void) =>
    loadSurveyPickers().catch(() => {
      onFail();
      setFailed(true);
    });
  return { loaded, failed, load };
}

// Chromium keeps a failed import() failed for the life of the page, so the way back is a reload.
const LOAD_FAILED = 'The calendar could not load. Reload the page to try again.';

const typesWithFinePointer = () => window.matchMedia?.('(pointer: fine)').matches === true;

/**
 * A date question's picker (survey-pickers.tsx), fetched on first use; until then a stand-in of the
 * same look shows the answer as DD/MM/YYYY. Focusing the stand-in, or its Choose date button, swaps
 * in the picker, focused to type with a fine pointer, else with its calendar open, as a tap on the
 * picker itself does (docs/product.md#surveys).
 */
export function LazyDateAnswerPicker(props: DateAnswerPickerProps) {
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
  const helperText = failed ? LOAD_FAILED : props.error;
  return (
    <TextField
      id={props.id}
      fullWidth
      required={props.required}
      disabled={props.disabled}
      value={props.value ?? ''}
      placeholder="DD/MM/YYYY"
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
              <IconButton edge="end" aria-label="Choose date" disabled={props.disabled} onClick={() => ask('open')}>
                {asked ? <CircularProgress size={20} aria-label="Loading the calendar" /> : <EventIcon />}
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
      placeholder="HH:mm"
      error={props.invalid || (failed && end === 'from')}
      helperText={failed && end === 'from' ? LOAD_FAILED : undefined}
      onFocus={() => ask(end)}
      onBlur={() => setAsked((was) => (was === end ? null : was))}
      slotProps={{ htmlInput: { readOnly: true, 'aria-busy': asked === end } }}
    />
  );
  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
      {standIn('from', 'From')}
      {standIn('until', 'Until')}
    </Stack>
  );
}
