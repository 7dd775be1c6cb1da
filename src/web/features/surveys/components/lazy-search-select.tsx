import ArrowDropDownIcon from '@mui/icons-material/ArrowDropDown';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useSurveyFormT } from '../i18n/form';
import { codeOnFirstUse } from '../lib/code-on-first-use';
import type * as SearchSelectModule from './search-select';
import type { SearchSelectProps } from './search-select';

/** One option of a select question: its key is the answer, its label what the member reads. */
export interface SurveyOption {
  key: string;
  label: string;
}

/** MUI's Autocomplete (about 9 KiB brotli), which a survey without a select2 question never needs. */
const searchSelect = codeOnFirstUse<typeof SearchSelectModule>(() => import('./search-select'));

/**
 * A select2 question's searchable select (search-select.tsx), fetched on the page's first use; until
 * then a stand-in of the same look shows the chosen option. Focusing the stand-in swaps in the
 * select, focused with its list open.
 */
export function LazySearchSelect(select: SearchSelectProps) {
  const t = useSurveyFormT();
  const { loaded, failed, load } = searchSelect.useOnUse();
  const [asked, setAsked] = useState(false);
  if (loaded) return <loaded.SearchSelect {...select} autoFocus={asked} />;
  const ask = () => {
    if (select.disabled || failed) return;
    setAsked(true);
    void load(() => setAsked(false));
  };
  // Chromium keeps a failed import() failed for the life of the page: the message asks for a reload.
  const helperText = failed ? t('survey.form.listFailed') : select.error;
  return (
    <TextField
      id={select.id}
      name={select.name}
      fullWidth
      required={select.required}
      disabled={select.disabled}
      value={select.options.find((option) => option.key === select.value)?.label ?? ''}
      placeholder={select.placeholder}
      error={Boolean(helperText)}
      helperText={helperText}
      onFocus={ask}
      // Moved on before the code arrived: the select must not pull the focus back.
      onBlur={() => setAsked(false)}
      slotProps={{
        htmlInput: { readOnly: true, role: 'combobox', 'aria-expanded': false, 'aria-busy': asked },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <ArrowDropDownIcon sx={{ color: 'action.active' }} />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
