import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { HTMLAttributes } from 'react';
import { Controller, type Control, type FieldValues, type Path } from 'react-hook-form';
import { fieldHelp } from '@web/lib/form-errors';

export interface DetailTextFieldProps<V extends FieldValues> {
  /** The modal's form (useDetailsForm). */
  control: Control<V>;
  /** The body field this edits; also the key of its server error. */
  name: Path<V>;
  label: string;
  /** Called when the member types here (unsaved typing holds back a new version of the app). */
  onTyped?: () => void;
  helperText?: string;
  type?: string;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  autoComplete?: string;
  readOnly?: boolean;
  sx?: TextFieldProps['sx'];
}

/** A labelled text field of a My Details modal, with its server error (or a note) under it (docs/product.md#my-details). */
export function DetailTextField<V extends FieldValues>({
  control,
  name,
  label,
  onTyped,
  helperText,
  type = 'text',
  inputMode,
  autoComplete,
  readOnly,
  sx,
}: DetailTextFieldProps<V>) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          name={field.name}
          inputRef={field.ref}
          label={label}
          type={type}
          value={field.value}
          onChange={(event) => {
            field.onChange(event.target.value);
            onTyped?.();
          }}
          onBlur={field.onBlur}
          {...fieldHelp(fieldState.error, helperText)}
          autoComplete={autoComplete}
          fullWidth
          sx={sx}
          slotProps={{ htmlInput: { inputMode, readOnly } }}
        />
      )}
    />
  );
}
