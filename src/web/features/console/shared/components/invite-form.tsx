import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Invitation, InviteBody } from '@shared/api/console/joiners.js';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { fieldErrorsOf } from '@web/lib/field-errors';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useFieldsets } from '../api/get-fieldsets';
import { useTemplates } from '../api/get-templates';
import { useInviteJoiner } from '../api/invite-joiner';
import { PositionField } from './position-field';

type Field = 'forename' | 'surname' | 'email' | 'venue_id' | 'position' | 'start_date' | 'fieldset' | 'template_id';
type Values = Record<Field, string>;

const EMPTY: Values = { forename: '', surname: '', email: '', venue_id: '', position: '', start_date: '', fieldset: '', template_id: '' };

/**
 * The console invites with the built-in contract, which names the position and the start date (a
 * contract must state both): the server refuses an invitation without them in words about the CLI's
 * flags, so the form asks for them itself, under their fields.
 */
export const CONTRACT_NEEDS: Partial<Record<Field, string>> = {
  position: 'Enter their position: it goes into their contract',
  start_date: 'Enter their start date: it goes into their contract',
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

/**
 * "Invite a joiner" (docs/product.md#joiners): first and last name, email, one of the caller's venues,
 * position, start date and, optionally, the fieldset by name (the newest when left empty). The server
 * creates the joiner, their contract and onboarding and emails the link; its field errors show under
 * their fields (an email already in use, 409, under the email), anything else above Send. Once sent the
 * form empties, keeping the venue for the next joiner, and `onInvited` shows the link.
 */
export function InviteForm({ venues, onInvited }: { venues: ConsoleMe['venues']; onInvited: (invited: Invited) => void }) {
  // A manager of one venue has nothing to choose.
  const [values, setValues] = useState<Values>(() => ({ ...EMPTY, venue_id: venues.length === 1 ? venues[0]!.id : '' }));
  const [missing, setMissing] = useState<Partial<Record<Field, string>>>({});
  const invite = useInviteJoiner();
  const contracts = (useTemplates().data ?? []).filter((template) => template.kind === 'contract');
  const fieldsets = useFieldsets().data ?? [];
  const server = useFieldErrors(invite.error);
  // A 409 refuses the email itself (someone already has it): it shows under the email until that changes.
  const [emailEditedAfter, setEmailEditedAfter] = useState<unknown>(null);
  const emailTaken = statusOf(invite.error) === 409 && emailEditedAfter !== invite.error ? errorText(invite.error) : undefined;
  const errors: Partial<Record<Field, string>> = { ...missing, ...server.errors, ...(emailTaken ? { email: emailTaken } : {}) };
  // What no field of the form explains (a fieldset that does not exist) shows above Send.
  const explained = statusOf(invite.error) === 409 || Object.keys(fieldErrorsOf(invite.error)).some((name) => name in EMPTY);
  const problem = invite.isError && !explained ? errorText(invite.error) : null;
  useUnsavedChanges(Object.entries(values).some(([field, value]) => field !== 'venue_id' && field !== 'template_id' && value.trim() !== ''));

  const change = (field: Field) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    server.edited(field);
    if (field === 'email') setEmailEditedAfter(invite.error);
    setMissing(({ [field]: _gone, ...rest }) => rest);
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (invite.isPending) return;
    const absent = Object.fromEntries(Object.entries(CONTRACT_NEEDS).filter(([field]) => !values[field as Field].trim()));
    setMissing(absent);
    if (Object.keys(absent).length > 0) return;
    const body = inviteBodyOf(values);
    invite.mutate(body, {
      onSuccess: (invitation) => {
        onInvited({ name: `${body.forename} ${body.surname}`, email: body.email, invitation });
        setValues((current) => ({ ...EMPTY, venue_id: current.venue_id, template_id: current.template_id }));
        setMissing({});
      },
    });
  };

  const field = (name: Field) => ({
    name,
    value: values[name],
    onChange: (event: { target: { value: string } }) => change(name)(event.target.value),
    error: Boolean(errors[name]),
    helperText: errors[name],
    fullWidth: true,
  });

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label="Invite a joiner">
      <Box sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(3, minmax(0, 1fr))' }, gap: 2 }}>
        <TextField label="First name" required autoComplete="off" slotProps={{ htmlInput: { maxLength: 100 } }} {...field('forename')} />
        <TextField label="Last name" required autoComplete="off" slotProps={{ htmlInput: { maxLength: 100 } }} {...field('surname')} />
        <TextField label="Email" required type="email" autoComplete="off" slotProps={{ htmlInput: { maxLength: 254, inputMode: 'email', spellCheck: false } }} {...field('email')} />
        <TextField select label="Venue" required {...field('venue_id')}>
          {venues.map((venue) => (
            <MenuItem key={venue.id} value={venue.id}>
              {venue.name}
            </MenuItem>
          ))}
        </TextField>
        <PositionField required value={values.position} onChange={change('position')} error={errors.position} />
        {/* The browser's own date picker: the app's (src/web/features/onboarding) is heavy and lazy. */}
        <TextField label="Start date" required type="date" slotProps={{ inputLabel: { shrink: true } }} {...field('start_date')} />
        {/* The fieldsets of Set-up (docs/product.md#set-up); none chosen sends the newest, as `invite` does. */}
        <TextField
          select
          label="Onboarding fieldset"
          {...field('fieldset')}
          helperText={errors.fieldset}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">The newest</MenuItem>
          {fieldsets.map((fieldset) => (
            <MenuItem key={fieldset.id} value={fieldset.name}>
              {fieldset.name}
            </MenuItem>
          ))}
        </TextField>
        {/* Stored contract templates (docs/product.md#document-templates); none chosen sends the built-in one. */}
        <TextField select label="Contract template" {...field('template_id')} slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}>
          <MenuItem value="">Default contract</MenuItem>
          {contracts.map((template) => (
            <MenuItem key={template.id} value={template.id}>
              {template.name}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      {problem && (
        <Alert severity="error" sx={{ mt: 2, overflowWrap: 'anywhere' }}>
          {problem}
        </Alert>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
        <Button type="submit" variant="contained" startIcon={<SendIcon />} loading={invite.isPending} loadingPosition="start">
          Send invitation
        </Button>
      </Box>
    </Box>
  );
}
