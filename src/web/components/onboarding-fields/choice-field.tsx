import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useId } from 'react';
import { fieldHelp } from './term-explanation';

/** A select or radio option (docs/product.md#onboarding): `key` is stored, `value` is shown. */
export interface ChoiceOption {
  key: string;
  value: string;
}

export interface ChoiceFieldProps {
  kind: 'select' | 'radio';
  label: string;
  name: string;
  options: readonly ChoiceOption[];
  /** The chosen key, or null. */
  value: string | null;
  onChange: (key: string) => void;
  required?: boolean;
  error?: string | null;
  /** What the field's UK term means, under it (term-explanation.tsx). */
  explanation?: string;
  disabled?: boolean;
}

/** A select (drop-down) or radio group of the onboarding form; the key is the value (docs/product.md#onboarding). */
export function ChoiceField({
  kind,
  label,
  name,
  options,
  value,
  onChange,
  required,
  error,
  explanation,
  disabled,
}: ChoiceFieldProps) {
  const helperId = useId();
  // A stored key that is no longer an option shows as nothing chosen.
  const chosen = value !== null && options.some((option) => option.key === value) ? value : '';

  if (kind === 'select') {
    return (
      <TextField
        select
        label={label}
        name={name}
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        required={required}
        disabled={disabled}
        fullWidth
        error={Boolean(error)}
        helperText={fieldHelp(error, explanation)}
      >
        {options.map((option) => (
          <MenuItem key={option.key} value={option.key}>
            {option.value}
          </MenuItem>
        ))}
      </TextField>
    );
  }

  return (
    <FormControl component="fieldset" required={required} error={Boolean(error)} disabled={disabled} fullWidth>
      <FormLabel component="legend">{label}</FormLabel>
      <RadioGroup
        row
        name={name}
        value={chosen}
        onChange={(event) => onChange(event.target.value)}
        aria-describedby={error || explanation ? helperId : undefined}
      >
        {options.map((option) => (
          <FormControlLabel key={option.key} value={option.key} control={<Radio />} label={option.value} />
        ))}
      </RadioGroup>
      {(error || explanation) && <FormHelperText id={helperId}>{fieldHelp(error, explanation)}</FormHelperText>}
    </FormControl>
  );
}
