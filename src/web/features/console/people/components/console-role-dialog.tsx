import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { ConsoleMe, ConsoleRole } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { showNotification } from '@web/stores/notification-store';
import { useSetConsoleRole } from '../api/set-console-role';
import { ROLE_LABELS } from '../lib/onboarding-stage';

/** The server's refusal of a manager without venues (docs/product.md#people), said before asking for a second factor. */
export const NO_VENUE_TEXT = 'Choose at least one venue for a manager.';

type Choice = ConsoleRole | 'none';

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
 * dialog over this one, and the save goes again once it is passed); a refusal shows here.
 */
export function ConsoleRoleDialog({ open, person, venues, onClose }: ConsoleRoleDialogProps) {
  const [choice, setChoice] = useState<Choice>(person.role ?? 'none');
  // The person's page names the venues they manage; the call takes their ids.
  const [venueIds, setVenueIds] = useState<string[]>(() => venues.filter((venue) => person.venues_managed.includes(venue.name)).map((venue) => venue.id));
  const [problem, setProblem] = useState<string | null>(null);
  const save = useSetConsoleRole();

  const toggleVenue = (id: string, checked: boolean) =>
    setVenueIds((current) => (checked ? [...current, id] : current.filter((each) => each !== id)));

  const submit = () => {
    if (choice === 'manager' && venueIds.length === 0) {
      setProblem(NO_VENUE_TEXT);
      return;
    }
    setProblem(null);
    const role = choice === 'none' ? null : choice;
    save.mutate(
      { id: person.id, role, venue_ids: role === 'manager' ? venueIds : [] },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: saved.role ? `${saved.name} is now ${saved.role === 'hr' ? 'in HR' : 'a venue manager'} in the console.` : `${saved.name} no longer has a console role.`,
          });
          onClose();
        },
        onError: (error) => setProblem(errorText(error)),
      },
    );
  };

  return (
    <ModalDialog open={open} title="Console role" onClose={onClose} onSave={submit} saving={save.isPending}>
      <Stack spacing={2}>
        <Typography color="text.secondary">What {person.name} may do in the HR console, besides being staff.</Typography>
        <FormControl>
          <FormLabel id="console-role-label">Role</FormLabel>
          <RadioGroup aria-labelledby="console-role-label" value={choice} onChange={(event) => setChoice(event.target.value as Choice)}>
            <FormControlLabel value="none" control={<Radio />} label="None" />
            <FormControlLabel value="hr" control={<Radio />} label={ROLE_LABELS.hr} />
            <FormControlLabel value="manager" control={<Radio />} label={ROLE_LABELS.manager} />
          </RadioGroup>
        </FormControl>
        {choice === 'manager' && (
          <FormControl component="fieldset">
            <FormLabel component="legend">Venues they manage</FormLabel>
            <FormGroup>
              {venues.map((venue) => (
                <FormControlLabel
                  key={venue.id}
                  control={<Checkbox checked={venueIds.includes(venue.id)} onChange={(event) => toggleVenue(venue.id, event.target.checked)} />}
                  label={venue.name}
                />
              ))}
            </FormGroup>
          </FormControl>
        )}
        {problem && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        )}
      </Stack>
    </ModalDialog>
  );
}
