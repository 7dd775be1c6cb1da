import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, type Control } from 'react-hook-form';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { showNotification } from '@web/stores/notification-store';
import { useAddPerson, type AddPersonInput } from '../api/add-person';
import { useVenues } from '@web/features/console/shared/api/get-venues';
import { PositionField } from '@web/features/console/shared/components/position-field';

interface Values {
  forename: string;
  surname: string;
  email: string;
  venue_id: string;
  position: string;
  start_date: string | null;
}
type Field = keyof Values;
const FIELDS: Field[] = ['forename', 'surname', 'email', 'venue_id', 'position', 'start_date'];

/** Checks of addPersonBodySchema said before sending; the server checks again. */
const required = (message: string) => ({
  validate: (value: string | null) => ((value ?? '').trim() === '' ? message : true),
});
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The body of POST /admin/people from what was typed: trimmed, empty optional fields left out. */
export function addPersonBodyOf(values: Values): AddPersonInput {
  return {
    forename: values.forename.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    venue_id: values.venue_id,
    position: values.position.trim() || undefined,
    start_date: values.start_date || undefined,
  };
}

function TextInput({
  control,
  name,
  label,
  rules,
  type,
  inputMode,
}: {
  control: Control<Values>;
  name: 'forename' | 'surname' | 'email';
  label: string;
  rules: { validate: (value: string) => string | true };
  type?: string;
  inputMode?: 'email';
}) {
  return (
    <Controller
      name={name}
      control={control}
      rules={rules}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          inputRef={field.ref}
          label={label}
          type={type}
          required
          autoComplete="off"
          fullWidth
          {...fieldHelp(fieldState.error)}
          slotProps={{
            htmlInput: {
              maxLength: name === 'email' ? 254 : 100,
              inputMode,
              spellCheck: name === 'email' ? false : undefined,
            },
          }}
        />
      )}
    />
  );
}

/**
 * HR's "Add person" (docs/product.md#people): someone who signs in through the group's provider and skips
 * onboarding, as `create-staff` does: first and last name, email, venue, position (the positions of
 * Set-up offered, any typed taken) and start date. The server's refusals show under their fields (an
 * email someone has, 409, under the email), anything else in the footer's alert; what was typed stays.
 * On success the new person's page opens. Archived venues are not offered (no one new joins them).
 */
export function AddPersonDialog({
  venues: allVenues,
  onClose,
  onAdded,
}: {
  venues: ConsoleMe['venues'];
  onClose: () => void;
  onAdded: (person: Person) => void;
}) {
  const add = useAddPerson();
  const archived = new Set((useVenues().data ?? []).filter((venue) => venue.archived).map((venue) => venue.id));
  const venues = allVenues.filter((venue) => !archived.has(venue.id));
  const { control, handleSubmit, setError } = useForm<Values>({
    defaultValues: {
      forename: '',
      surname: '',
      email: '',
      venue_id: venues.length === 1 ? venues[0]!.id : '',
      position: '',
      start_date: null,
    },
  });
  // A bare 409 is an email someone has: it goes under the email.
  const server = useServerErrors(setError, FIELDS, { conflictField: 'email' });

  const submit = handleSubmit((values) => {
    server.clear();
    add.mutate(addPersonBodyOf(values), {
      onSuccess: (person) => {
        showNotification({ severity: 'success', message: `${person.name} is added.` });
        onAdded(person);
      },
      onError: server.fail,
    });
  });

  return (
    <ModalDialog
      open
      title="Add person"
      onClose={onClose}
      onSave={() => void submit()}
      saveLabel="Add"
      saving={add.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">
          For someone who signs in with the group’s account and does not need onboarding.
        </Typography>
        <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))' }, gap: 2 }}>
          <TextInput control={control} name="forename" label="First name" rules={required('Enter their first name')} />
          <TextInput control={control} name="surname" label="Last name" rules={required('Enter their last name')} />
        </Box>
        <TextInput
          control={control}
          name="email"
          label="Email"
          type="email"
          inputMode="email"
          rules={{
            validate: (value) => (EMAIL.test(value.trim()) ? true : 'Enter an email address like name@example.com'),
          }}
        />
        <Controller
          name="venue_id"
          control={control}
          rules={required('Choose a venue')}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Venue"
              required
              fullWidth
              {...fieldHelp(fieldState.error)}
            >
              {venues.map((venue) => (
                <MenuItem key={venue.id} value={venue.id}>
                  {venue.name}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
        <Controller
          name="position"
          control={control}
          render={({ field, fieldState }) => (
            <PositionField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="start_date"
          control={control}
          render={({ field, fieldState }) => (
            <LazyDateField
              label="Start date"
              name="start_date"
              value={field.value}
              onChange={field.onChange}
              error={fieldState.error?.message}
            />
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
