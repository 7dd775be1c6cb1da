import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { InputBaseComponentProps } from '@mui/material/InputBase';
import type { ElementType, Ref } from 'react';
import { IMaskInput } from 'react-imask';

type MaskInputProps = InputBaseComponentProps & {
  ref?: Ref<HTMLInputElement>;
  mask: string;
  onChange: (event: { target: { name?: string; value: string } }) => void;
};

/** The input element of a masked field: react-imask, reporting the masked value as a change. */
function MaskInput({ ref, mask, onChange, ...other }: MaskInputProps) {
  return (
    <IMaskInput
      {...(other as Record<string, unknown>)}
      mask={mask}
      inputRef={ref}
      overwrite
      onAccept={(value: string) => onChange({ target: { name: other.name, value } })}
    />
  );
}

export type MaskedTextFieldProps = Omit<TextFieldProps, 'value' | 'onChange' | 'slotProps'> & {
  /** An imask pattern: `0` is a digit, anything else is a fixed character (e.g. '00-00-00'). */
  mask: string;
  /** The masked value as shown, e.g. '12-34-56'. */
  value: string;
  onChange: (value: string) => void;
};

/**
 * A text field that only takes what its mask allows (docs/product.md#my-details masks), with the numeric keyboard on
 * phones. The value is the masked text as typed so far.
 */
export function MaskedTextField({ mask, value, onChange, ...props }: MaskedTextFieldProps) {
  return (
    <TextField
      {...props}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      slotProps={{
        input: { inputComponent: MaskInput as unknown as ElementType<InputBaseComponentProps> },
        htmlInput: { mask, inputMode: 'numeric', autoComplete: 'off' },
      }}
    />
  );
}
