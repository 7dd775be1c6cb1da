import EventIcon from '@mui/icons-material/Event';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { createElement, lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react';
import type * as DateFieldModule from './date-field';
import type { DateFieldProps } from './date-field';
import { DATE_FORMAT } from './date-error-text';
import { useFieldsT } from './i18n';

type DateFieldComponent = (typeof DateFieldModule)['default'];

let dateFieldCode: Promise<typeof DateFieldModule> | undefined;
let loadedDateField: DateFieldComponent | undefined;
const onLoaded = new Set<() => void>();

/**
 * Fetches the date field's code (MUI X's pickers, about 40 KB compressed), once; a failed fetch is
 * forgotten so the next use tries again.
 */
export function loadDateField(): Promise<typeof DateFieldModule> {
  dateFieldCode ??= import('./date-field').then(
    (code) => {
      loadedDateField = code.default;
      for (const listener of onLoaded) listener();
      return code;
    },
    (err: unknown) => {
      dateFieldCode = undefined;
      throw err;
    },
  );
  return dateFieldCode;
}

const DateField = lazy(loadDateField);

/** The date field (date-field.tsx), fetched on first render; a same-sized empty field meanwhile. */
export function LazyDateField(props: DateFieldProps) {
  return (
    <Suspense
      fallback={
        <TextField
          label={props.label}
          required={props.required}
          fullWidth
          disabled
          value=""
          placeholder={DATE_FORMAT}
        />
      }
    >
      <DateField {...props} />
    </Suspense>
  );
}

const subscribe = (listener: () => void) => {
  onLoaded.add(listener);
  return () => onLoaded.delete(listener);
};

/** What a person did with the stand-in: focused it to type, or asked for the calendar. */
type Asked = 'type' | 'open';

/** The signs that someone has started to use the page, after which the pickers' code is fetched. */
const FIRST_USE_EVENTS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * A date field whose picker code is fetched when the page is first used (a tap, a key, a focus
 * anywhere) or the field itself is, not with the page: a joiner's form then draws without it, and by
 * the time they reach a date it has usually arrived (web.dev's "import on interaction" pattern). Until
 * then a stand-in of the same size shows the value as DD/MM/YYYY; focusing it, or its Choose date
 * button, swaps in the picker, focused to type with a fine pointer, else with its dialog open, as
 * the picker itself does on a tap (docs/product.md#date-picker).
 */
export function DateFieldOnUse(props: DateFieldProps) {
  const Loaded = useSyncExternalStore(
    subscribe,
    () => loadedDateField,
    () => undefined,
  );
  const t = useFieldsT();
  const [asked, setAsked] = useState<Asked | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (loadedDateField) return;
    const start = () => void loadDateField().catch(() => {});
    for (const type of FIRST_USE_EVENTS)
      document.addEventListener(type, start, { capture: true, once: true, passive: true });
    return () => {
      for (const type of FIRST_USE_EVENTS) document.removeEventListener(type, start, { capture: true });
    };
  }, []);

  if (Loaded) {
    const typing = asked === 'type' && window.matchMedia?.('(pointer: fine)').matches;
    // One component for the life of the page (the module's default export), so nothing is remounted.
    return createElement(Loaded, {
      ...props,
      autoFocus: typing,
      initiallyOpen: asked === 'open' || (asked === 'type' && !typing),
    });
  }

  const ask = (what: Asked) => {
    if (props.disabled || failed) return;
    setAsked(what);
    loadDateField().catch(() => {
      setAsked(null);
      setFailed(true);
    });
  };
  // Chromium keeps a failed import() failed for the life of the page, so the way back is a reload;
  // the form's draft keeps every answer given so far.
  const helperText = failed ? t('fields.date.loadFailed') : (props.error ?? undefined);
  return (
    <TextField
      label={props.label}
      name={props.name}
      required={props.required}
      disabled={props.disabled}
      fullWidth
      value={props.value ? props.value.split('-').reverse().join('/') : ''}
      placeholder={DATE_FORMAT}
      error={Boolean(helperText)}
      helperText={helperText}
      onFocus={() => ask('type')}
      // Moved on before the code arrived: the picker must not pull the focus back, nor open by itself.
      onBlur={() => setAsked((was) => (was === 'type' ? null : was))}
      slotProps={{
        htmlInput: { readOnly: true, 'aria-busy': asked !== null },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                edge="end"
                aria-label={t('fields.date.choose')}
                disabled={props.disabled}
                onClick={() => ask('open')}
              >
                {asked ? <CircularProgress size={20} aria-label={t('fields.date.loading')} /> : <EventIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
