import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { ConsoleMe, ConsoleRole } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useServerErrors } from '@web/lib/form-errors';
import { showNotification } from '@web/stores/notification-store';
import { useSetConsoleRole } from '../api/set-console-role';
import { ROLE_LABELS } from '../lib/onboarding-stage';

/** The server's refusal of a manager without venues (docs/product.md#people), said before asking for a second factor. */
export const NO_VENUE_TEXT = 'Choose at least one venue for a manager.';

type Choice = ConsoleRole | 'none';

interface Values {
  choice: Choice;
  venue_ids: string[];
}

export interface ConsoleRoleDialogProps {
  open: boolean;
  person: Person;
  /** The venues HR may assign (every venue for HR, from GET /admin/me). */
  venues: ConsoleMe['venues'];
  onClose: () => void;
}

/**
 * HR's "Console role" (docs/product.md#console-roles): None, HR or Venue manager, and for a manager
 * the venues they manage. Saving may ask for a second factor first (a 402 opens the two-factor
 * dialog over this one, and the save goes again once it is passed); a refusal shows in the footer's alert.
 */
export function ConsoleRoleDialog({ open, person, venues, onClose }: ConsoleRoleDialogProps) {
  const { control, handleSubmit, setError, formState } = useForm<Values>({
    // The person's page names the venues they manage; the call takes their ids.
    defaultValues: {
      choice: person.role ?? 'none',
      venue_ids: venues.filter((venue) => person.venues_managed.includes(venue.name)).map((venue) => venue.id),
    },
  });
  // No field here shows a server complaint: every refusal goes in the footer's alert.
  const server = useServerErrors(setError, []);
  const save = useSetConsoleRole();
  const choice = useWatch({ control, name: 'choice' });

  const submit = handleSubmit((values) => {
    server.clear();
    const role = values.choice === 'none' ? null : values.choice;
    save.mutate(
      { id: person.id, role, venue_ids: role === 'manager' ? values.venue_ids : [] },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: saved.role
              ? `${saved.name} is now ${saved.role === 'hr' ? 'in HR' : 'a venue manager'} in the console.`
              : `${saved.name} no longer has a console role.`,
          });
          onClose();
        },
        onError: server.fail,
      },
    );
  });

  return (
    <ModalDialog
      open={open}
      title="Console role"
      onClose={onClose}
      onSave={() => void submit()}
      saving={save.isPending}
      problem={formState.errors.venue_ids?.message ?? server.problem}
    >
      <Stack spacing={2}>
        <Typography color="text.secondary">
          What {person.name} may do in the HR console, besides being staff.
        </Typography>
        <FormControl>
          <FormLabel id="console-role-label">Role</FormLabel>
          <Controller
            name="choice"
            control={control}
            render={({ field }) => (
              <RadioGroup
                aria-labelledby="console-role-label"
                name={field.name}
                value={field.value}
                onChange={(event) => field.onChange(event.target.value as Choice)}
              >
                <FormControlLabel value="none" control={<Radio />} label="None" />
                <FormControlLabel value="hr" control={<Radio />} label={ROLE_LABELS.hr} />
                <FormControlLabel value="manager" control={<Radio />} label={ROLE_LABELS.manager} />
              </RadioGroup>
            )}
          />
        </FormControl>
        {choice === 'manager' && (
          <FormControl component="fieldset">
            <FormLabel component="legend">Venues they manage</FormLabel>
            <Controller
              name="venue_ids"
              control={control}
              // Said before sending (and before any second factor is asked for); the server refuses it too.
              rules={{ validate: (ids, values) => values.choice !== 'manager' || ids.length > 0 || NO_VENUE_TEXT }}
              render={({ field }) => (
                <FormGroup>
                  {venues.map((venue) => (
                    <FormControlLabel
                      key={venue.id}
                      control={
                        <Checkbox
                          checked={field.value.includes(venue.id)}
                          onChange={(event) =>
                            field.onChange(
                              event.target.checked
                                ? [...field.value, venue.id]
                                : field.value.filter((each) => each !== venue.id),
                            )
                          }
                        />
                      }
                      label={venue.name}
                    />
                  ))}
                </FormGroup>
              )}
            />
          </FormControl>
        )}
      </Stack>
    </ModalDialog>
  );
}
