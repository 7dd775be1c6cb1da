import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { Ref } from 'react';
import { usePositions } from '../api/get-positions';

export interface PositionFieldProps {
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  error?: string;
  required?: boolean;
  helperText?: string;
}

/**
 * The position of someone invited or added (docs/product.md#set-up): the active positions of Set-up
 * offered as you type, but any text taken (freeSolo): `staff.position` is text, the CLI takes any
 * `--position`, and a venue's new role should not wait for HR to add it to the list.
 */
export function PositionField({ value, onChange, onBlur, inputRef, error, required, helperText }: PositionFieldProps) {
  const positions = usePositions();
  const options = (positions.data ?? []).filter((position) => !position.archived).map((position) => position.name);
  return (
    <Autocomplete
      freeSolo
      options={options}
      inputValue={value}
      onInputChange={(_event, next) => onChange(next)}
      loading={positions.isPending}
      renderInput={(params) => (
        <TextField
          {...params}
          inputRef={inputRef}
          name="position"
          label="Position"
          required={required}
          onBlur={onBlur}
          error={Boolean(error)}
          helperText={error ?? helperText}
          slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, maxLength: 100 } }}
        />
      )}
    />
  );
}
