import { DatePicker } from '@mui/x-date-pickers/DatePicker';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { ukToday } from '@shared/uk-today';
import { dateLimit } from './date-limit';
import { DATE_FORMAT, dateErrorText } from './date-error-text';
import { useFieldsT } from './i18n';
import { PICKER_TAP_TARGETS } from '@web/components/forms/picker-tap-targets';
import { UkDatePickers } from '@web/components/forms/uk-date-pickers';

export interface DateFieldProps {
  label: string;
  name: string;
  /** The form value: YYYY-MM-DD text, or null. */
  value: string | null;
  /** Called with YYYY-MM-DD for a real date, null while the text is not one. */
  onChange: (value: string | null) => void;
  required?: boolean;
  /** 'today' or YYYY-MM-DD (docs/product.md#onboarding). */
  minDate?: string | null;
  maxDate?: string | null;
  /** An error from the server, shown when the picker itself has none. */
  error?: string | null;
  disabled?: boolean;
  /** Focused to type as it mounts (a fine pointer's stand-in was focused: DateFieldOnUse). */
  autoFocus?: boolean;
  /** Its calendar open as it mounts (the stand-in's Choose date, or a tap on a phone). */
  initiallyOpen?: boolean;
}

const STORED_FORMAT = 'YYYY-MM-DD';

function parseStored(value: string | null): Dayjs | null {
  if (!value) return null;
  const date = dayjs(value);
  return date.isValid() ? date : null;
}

/**
 * A date field of the onboarding form (docs/product.md#onboarding) and the console's: MUI's date picker in UK
 * English (UkDatePickers),
 * typed or picked as DD/MM/YYYY and kept as YYYY-MM-DD; a popup with a fine pointer, otherwise a
 * dialog with Cancel and OK; dates outside min_date/max_date are marked with a message (docs/product.md#onboarding); a
 * date of birth opens on the year view near its max_date. Loaded
 * lazily so the pickers only download with a form that has a date.
 */
export default function DateField({
  label,
  name,
  value,
  onChange,
  required,
  minDate,
  maxDate,
  error,
  disabled,
  autoFocus,
  initiallyOpen = false,
}: DateFieldProps) {
  const t = useFieldsT();
  const [open, setOpen] = useState(initiallyOpen);
  const [date, setDate] = useState<Dayjs | null>(() => parseStored(value));
  // The value set from outside (a form emptied after a save) replaces what the picker shows; one that
  // only echoes the picker (null for a date half typed) must not wipe what is being typed.
  const [seen, setSeen] = useState(value);
  if (value !== seen) {
    setSeen(value);
    if (value !== (date?.isValid() ? date.format(STORED_FORMAT) : null)) setDate(parseStored(value));
  }
  const [problem, setProblem] = useState<string | null>(null);
  const [today] = useState(() => dayjs(ukToday()));
  const min = dateLimit(minDate, today);
  const max = dateLimit(maxDate, today);
  const helperText = dateErrorText(problem, { minDate: min, maxDate: max, today }, t) ?? error ?? undefined;
  // A date of birth (or any field whose latest date is in an earlier year) opens on the years, around its
  // latest allowed year, not on this month: nobody should page back 18 years a month at a time.
  const yearsFirst = name === 'date_of_birth' || Boolean(max && max.year() < today.year());
  // For a date of birth, 18 years back (most joiners are adults) unless max_date is earlier still.
  const adult = today.subtract(18, 'year');
  const yearsFrom = name === 'date_of_birth' && (!max || max.isAfter(adult)) ? adult : (max ?? today);

  return (
    <UkDatePickers>
      <DatePicker
        label={label}
        name={name}
        value={date}
        format={DATE_FORMAT}
        minDate={min}
        maxDate={max}
        disabled={disabled}
        autoFocus={autoFocus}
        open={open}
        onOpen={() => setOpen(true)}
        onClose={() => setOpen(false)}
        openTo={yearsFirst ? 'year' : undefined}
        referenceDate={yearsFirst ? yearsFrom : undefined}
        onChange={(next) => {
          setDate(next);
          // A real date is kept even outside the limits: the picker shows why it is refused and the
          // server refuses it too, rather than the date vanishing from the answers.
          onChange(next && next.isValid() ? next.format(STORED_FORMAT) : null);
        }}
        onError={(code) => setProblem(code)}
        slotProps={{
          textField: { required, fullWidth: true, error: Boolean(helperText), helperText },
          layout: { sx: PICKER_TAP_TARGETS },
        }}
      />
    </UkDatePickers>
  );
}
