import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useSurveyFormT } from '../i18n/form';
import type { SurveyOption } from './lazy-search-select';

export interface SearchSelectProps {
  /** Id of the input (the question's label points at it). */
  id: string;
  name: string;
  options: readonly SurveyOption[];
  /** The chosen option's key, or null. */
  value: string | null;
  onChange: (key: string | null) => void;
  required?: boolean;
  /** The server's complaint about the answer. */
  error?: string;
  disabled?: boolean;
  placeholder: string;
  /** Focused with its list open as it mounts (its stand-in was focused: lazy-search-select.tsx). */
  autoFocus?: boolean;
}

/**
 * A select2 question (docs/product.md#surveys): MUI's Autocomplete, a select whose options can be
 * searched by typing. In a chunk of its own, fetched on the page's first use (lazy-search-select.tsx).
 */
export function SearchSelect({
  id,
  name,
  options,
  value,
  onChange,
  required,
  error,
  disabled,
  placeholder,
  autoFocus,
}: SearchSelectProps) {
  const t = useSurveyFormT();
  const selected = options.find((option) => option.key === value) ?? null;
  return (
    <Autocomplete
      // Its listbox is labelled by `${id}-label`, the question above.
      id={id}
      options={options}
      value={selected}
      onChange={(_event, option) => onChange(option?.key ?? null)}
      getOptionLabel={(option) => option.label}
      isOptionEqualToValue={(option, chosen) => option.key === chosen.key}
      disabled={disabled}
      openOnFocus={autoFocus}
      openText={t('survey.form.openList')}
      closeText={t('survey.form.closeList')}
      clearText={t('survey.form.clear')}
      noOptionsText={t('survey.form.noOptions')}
      fullWidth
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          required={required}
          placeholder={placeholder}
          error={Boolean(error)}
          helperText={error}
          autoFocus={autoFocus}
        />
      )}
    />
  );
}
