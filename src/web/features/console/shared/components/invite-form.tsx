import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import { Controller, useForm, useWatch, type Control } from 'react-hook-form';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Invitation, InviteBody } from '@shared/api/console/joiners.js';
import { DateFieldOnUse } from '@web/components/onboarding-fields/lazy-date-field';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useFieldsets } from '../api/get-fieldsets';
import { useTemplates } from '../api/get-templates';
import { useInviteJoiner } from '../api/invite-joiner';
import { PositionField } from './position-field';

type Field = 'forename' | 'surname' | 'email' | 'venue_id' | 'position' | 'start_date' | 'fieldset' | 'template_id';
type Values = Record<Field, string>;

const EMPTY: Values = {
  forename: '',
  surname: '',
  email: '',
  venue_id: '',
  position: '',
  start_date: '',
  fieldset: '',
  template_id: '',
};
const FIELDS = Object.keys(EMPTY) as Field[];

/**
 * The console invites with the built-in contract, which names the position and the start date (a
 * contract must state both): the server refuses an invitation without them in words about the CLI's
 * flags, so the form asks for them itself, under their fields.
 */
export const CONTRACT_NEEDS: Partial<Record<Field, string>> = {
  position: 'Enter their position: it goes into their contract',
  start_date: 'Enter their start date: it goes into their contract',
};

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const filled = (message: string) => (value: string) => (value.trim() ? true : message);

/**
 * The checks said before sending, so an empty form marks every required field at once: those of
 * inviteBodySchema (src/shared/api/console/joiners.ts), in its words, and what the contract needs
 * (CONTRACT_NEEDS). The server checks everything again.
 */
const RULES: Partial<Record<Field, (value: string) => string | true>> = {
  forename: filled('Enter their first name'),
  surname: filled('Enter their last name'),
  email: (value) => (EMAIL.test(value.trim()) ? true : 'Enter an email address like name@example.com'),
  venue_id: filled('Choose a venue'),
  position: filled(CONTRACT_NEEDS.position!),
  start_date: filled(CONTRACT_NEEDS.start_date!),
};

/** The joiner invited, and the link the server answered, for the dialog that hands it over. */
export interface Invited {
  name: string;
  email: string;
  invitation: Invitation;
}

/** The body of POST /admin/joiners from what was typed: text trimmed, optional fields left out when empty. */
export function inviteBodyOf(values: Values): InviteBody {
  const optional = (value: string) => value.trim() || undefined;
  return {
    forename: values.forename.trim(),
    surname: values.surname.trim(),
    email: values.email.trim(),
    venue_id: values.venue_id,
    position: optional(values.position),
    start_date: optional(values.start_date),
    fieldset: optional(values.fieldset),
    // Empty: the built-in contract (docs/product.md#document-templates).
    template_id: values.template_id || undefined,
  };
}

/** A field's check before sending (RULES), as react-hook-form's rules; none for the optional fields. */
function ruleOf(name: Field) {
  const validate = RULES[name];
  return validate ? { validate } : undefined;
}

/** A field of the invite form: an MUI text field (or select) wired to the form, its error (a rule's or the server's) under it. */
function InviteField({
  control,
  name,
  ...props
}: { control: Control<Values>; name: Field } & Omit<TextFieldProps, 'name' | 'value' | 'onChange'>) {
  return (
    <Controller
      name={name}
      control={control}
      rules={ruleOf(name)}
      render={({ field, fieldState }) => (
        <TextField
          {...props}
          name={field.name}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          inputRef={field.ref}
          {...fieldHelp(fieldState.error)}
          fullWidth
        />
      )}
    />
  );
}

/**
 * "Invite a joiner" (docs/product.md#joiners): first and last name, email, one of the caller's venues,
 * position, start date (typed or picked as DD/MM/YYYY) and, optionally, the fieldset by name (the newest
 * when left empty); sent empty, every required field says what it needs. The server
 * creates the joiner, their contract and onboarding and emails the link; its field errors show under
 * their fields (an email already in use, 409, under the email), anything else above Send; what was typed stays. Once sent the
 * form empties, keeping the venue for the next joiner, and `onInvited` shows the link.
 */
export function InviteForm({
  venues,
  onInvited,
}: {
  venues: ConsoleMe['venues'];
  onInvited: (invited: Invited) => void;
}) {
  // A manager of one venue has nothing to choose.
  const { control, handleSubmit, setError, reset } = useForm<Values>({
    defaultValues: { ...EMPTY, venue_id: venues.length === 1 ? venues[0]!.id : '' },
  });
  const invite = useInviteJoiner();
  const contracts = (useTemplates().data ?? []).filter((template) => template.kind === 'contract');
  const fieldsets = useFieldsets().data ?? [];
  // A bare 409 refuses the email itself (someone already has it): it shows under the email until that changes.
  // What no field of the form explains (a fieldset that does not exist) shows above Send.
  const server = useServerErrors(setError, FIELDS, { conflictField: 'email' });
  const values = useWatch({ control });
  useUnsavedChanges(
    Object.entries(values).some(
      ([field, value]) => field !== 'venue_id' && field !== 'template_id' && (value ?? '').trim() !== '',
    ),
  );

  const submit = handleSubmit((typed) => {
    if (invite.isPending) return;
    server.clear();
    const body = inviteBodyOf(typed);
    invite.mutate(body, {
      onSuccess: (invitation) => {
        onInvited({ name: `${body.forename} ${body.surname}`, email: body.email, invitation });
        reset({ ...EMPTY, venue_id: typed.venue_id, template_id: typed.template_id });
      },
      onError: server.fail,
    });
  });

  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-label="Invite a joiner">
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' },
          gap: 2,
        }}
      >
        <InviteField
          control={control}
          name="forename"
          label="First name"
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <InviteField
          control={control}
          name="surname"
          label="Last name"
          required
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <InviteField
          control={control}
          name="email"
          label="Email"
          required
          type="email"
          autoComplete="off"
          slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email', spellCheck: false } }}
        />
        <InviteField control={control} name="venue_id" select label="Venue" required>
          {venues.map((venue) => (
            <MenuItem key={venue.id} value={venue.id}>
              {venue.name}
            </MenuItem>
          ))}
        </InviteField>
        <Controller
          name="position"
          control={control}
          rules={ruleOf('position')}
          render={({ field, fieldState }) => (
            <PositionField
              required
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={fieldState.error?.message}
            />
          )}
        />
        {/* The staff side's date field, its picker fetched on first use: DD/MM/YYYY whatever the browser's locale. */}
        <Controller
          name="start_date"
          control={control}
          rules={ruleOf('start_date')}
          render={({ field, fieldState }) => (
            <DateFieldOnUse
              label="Start date"
              name={field.name}
              required
              value={field.value || null}
              // Kept as YYYY-MM-DD; '' while what is typed is not a date yet.
              onChange={(value) => field.onChange(value ?? '')}
              error={fieldState.error?.message}
            />
          )}
        />
        {/* The fieldsets of Set-up (docs/product.md#set-up); none chosen sends the newest, as `invite` does. */}
        <InviteField
          control={control}
          name="fieldset"
          select
          label="Onboarding fieldset"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">The newest</MenuItem>
          {fieldsets.map((fieldset) => (
            <MenuItem key={fieldset.id} value={fieldset.name}>
              {fieldset.name}
            </MenuItem>
          ))}
        </InviteField>
        {/* Stored contract templates (docs/product.md#document-templates); none chosen sends the built-in one. */}
        <InviteField
          control={control}
          name="template_id"
          select
          label="Contract template"
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">Default contract</MenuItem>
          {contracts.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </InviteField>
      </Box>
      {server.problem && (
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {server.problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button
          type="submit"
          variant="contained"
          startIcon={<SendIcon />}
          loading={invite.isPending}
          loadingPosition="start"
        >
          Send invitation
        </Button>
      </Box>
    </Box>
  );
}
