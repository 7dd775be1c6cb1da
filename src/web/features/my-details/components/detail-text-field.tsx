import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { HTMLAttributes } from 'react';

export interface DetailTextFieldProps {
  /** The body field this edits; also the key of its server error. */
  name: string;
  label: string;
  value: string;
  onChange?: (name: string, value: string) => void;
  /** The server's errors for this field, already joined (docs/product.md#my-details). */
  error?: string;
  helperText?: string;
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  readOnly?: boolean;
  sx?: TextFieldProps['sx'];
}

/** A labelled text field of a My Details modal, with its server error (or a note) under it. */
export function DetailTextField({ name, label, value, onChange, error, helperText, type = 'text', inputMode, autoComplete, readOnly, sx }: DetailTextFieldProps) {
  return (
    <TextField
      name={name}
      label={label}
      type={type}
      value={value}
      onChange={(event) => onChange?.(name, event.target.value)}
      error={Boolean(error)}
      helperText={error || helperText}
      autoComplete={autoComplete}
      fullWidth
      sx={sx}
      slotProps={{ htmlInput: { inputMode, readOnly } }}
    />
  );
}
