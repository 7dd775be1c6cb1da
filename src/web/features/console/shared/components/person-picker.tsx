import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState, type HTMLAttributes, type Key } from 'react';
import type { PersonRow } from '@shared/api/console/people.js';
import { peopleQueryOptions } from '../api/get-people';
import { SEARCH_DEBOUNCE_MS } from './search-field';

/** People offered at once while searching. */
const PICKER_PAGE = 20;

interface Common {
  label: string;
  error?: string;
  helperText?: string;
}

type PersonPickerProps =
  | (Common & { multiple: true; value: PersonRow[]; onChange: (people: PersonRow[]) => void })
  | (Common & { multiple?: false; value: PersonRow | null; onChange: (person: PersonRow | null) => void });

/**
 * Choose one or many people the console may see (docs/product.md#console-documents): MUI Autocomplete
 * over GET /admin/people?search=, asked once typing pauses, the server's answer shown as it is (it
 * already filtered by name and email, and by the console's scope).
 */
export function PersonPicker(props: PersonPickerProps) {
  const [input, setInput] = useState('');
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = window.setTimeout(() => setSearch(input.trim()), SEARCH_DEBOUNCE_MS);
    return () => window.clearTimeout(timer);
  }, [input]);
  const people = useQuery(
    peopleQueryOptions({ page: 1, per_page: PICKER_PAGE, search, sort: 'name', direction: 'asc' }),
  );
  const options = people.data?.data ?? [];

  const shared = {
    options,
    loading: people.isFetching,
    filterOptions: (rows: PersonRow[]) => rows,
    getOptionLabel: (row: PersonRow) => row.name,
    getOptionKey: (row: PersonRow) => row.id,
    isOptionEqualToValue: (a: PersonRow, b: PersonRow) => a.id === b.id,
    inputValue: input,
    onInputChange: (_: unknown, value: string, reason: string) => {
      // Choosing someone in a multiple picker would otherwise put their name back in the box.
      if (reason !== 'reset' || !props.multiple) setInput(value);
    },
    noOptionsText: people.isError ? 'People could not be loaded' : 'No one matches',
    renderOption: (optionProps: HTMLAttributes<HTMLLIElement> & { key: Key }, row: PersonRow) => {
      const { key, ...rest } = optionProps;
      return (
        <li key={key} {...rest}>
          <span style={{ overflowWrap: 'anywhere' }}>
            {row.name}
            <br />
            <small>{[row.email_address, row.venue].filter(Boolean).join(' · ')}</small>
          </span>
        </li>
      );
    },
    renderInput: (params: object) => (
      <TextField
        {...params}
        label={props.label}
        error={Boolean(props.error)}
        helperText={props.error ?? props.helperText}
      />
    ),
  };
  if (props.multiple) {
    const { onChange } = props;
    return (
      <Autocomplete<PersonRow, true, false, false>
        multiple
        filterSelectedOptions
        value={props.value}
        onChange={(_: unknown, value: PersonRow[]) => onChange(value)}
        {...shared}
      />
    );
  }
  const { onChange } = props;
  return (
    <Autocomplete<PersonRow, false, false, false>
      value={props.value}
      onChange={(_: unknown, value: PersonRow | null) => onChange(value)}
      {...shared}
    />
  );
}
