import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useCommonFormsT } from './i18n';

export interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  name?: string;
  autoComplete?: string;
  disabled?: boolean;
  /** Id of the element describing the field, e.g. its live hints. */
  describedBy?: string;
}

/** A password input with a show/hide toggle named after the field ('Show password', …). */
export function PasswordField({
  label,
  value,
  onChange,
  name,
  autoComplete = 'new-password',
  disabled,
  describedBy,
}: PasswordFieldProps) {
  const t = useCommonFormsT();
  const [visible, setVisible] = useState(false);
  const field = label.toLowerCase();
  const toggleLabel = visible ? t('common.forms.hide', { field }) : t('common.forms.show', { field });
  return (
    <TextField
      label={label}
      name={name}
      type={visible ? 'text' : 'password'}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      autoComplete={autoComplete}
      disabled={disabled}
      fullWidth
      slotProps={{
        htmlInput: { 'aria-describedby': describedBy, autoCapitalize: 'none', spellCheck: false },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton
                aria-label={toggleLabel}
                aria-pressed={visible}
                onClick={() => setVisible((v) => !v)}
                edge="end"
              >
                {visible ? <VisibilityOff /> : <Visibility />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
