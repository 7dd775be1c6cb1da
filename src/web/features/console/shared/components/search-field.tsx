import SearchIcon from '@mui/icons-material/Search';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';

/** How long typing must pause before the list is asked again (docs/product.md#people: one call per pause, not per key). */
export const SEARCH_DEBOUNCE_MS = 300;

/**
 * The people search: what is typed goes to `onSearch` once typing pauses for SEARCH_DEBOUNCE_MS,
 * trimmed; `value` is the search the list holds now (from the address).
 */
export function SearchField({
  value,
  onSearch,
  label = 'Search people',
  placeholder = 'Name or email',
}: {
  value: string;
  onSearch: (search: string) => void;
  /** Another list's search (the documents list searches titles too). */
  label?: string;
  placeholder?: string;
}) {
  const [text, setText] = useState(value);

  useEffect(() => {
    const search = text.trim();
    if (search === value) return;
    const timer = window.setTimeout(() => onSearch(search), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [text, value, onSearch]);

  return (
    <TextField
      type="search"
      label={label}
      placeholder={placeholder}
      value={text}
      onChange={(event) => setText(event.target.value)}
      fullWidth
      slotProps={{
        htmlInput: { maxLength: 100, autoComplete: 'off', spellCheck: false },
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon />
            </InputAdornment>
          ),
        },
      }}
      sx={{ maxWidth: { md: 420 } }}
    />
  );
}
