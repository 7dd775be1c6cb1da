import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { Person } from '@shared/api/console/people.js';
import { LEAVING_REASONS, type LeavingReason } from '@shared/leavers.js';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useRecordLeaving } from '../api/record-leaving';
import { LEAVING_REASON_LABELS } from '../lib/leaving';

interface Values {
  leave_now: boolean;
  leaving_date: string | null;
  reason: LeavingReason | '';
}
const FIELDS: Array<keyof Values> = ['leaving_date', 'reason'];

/**
 * "Record leaving" or "Change leaving" on a person's page (docs/product.md#leavers): their last working day
 * (today or later, in the UK date picker) and why; or "Leave now", which ends their access at once, with a
 * last working day of today or earlier. The server's refusals show under their fields, anything else in
 * the footer's alert; what was chosen stays.
 */
export function LeavingDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const save = useRecordLeaving();
  const { control, handleSubmit, setError, clearErrors } = useForm<Values>({
    defaultValues: {
      leave_now: false,
      leaving_date: person.leaving_date,
      reason: person.leaving_reason ?? '',
    },
  });
  const server = useServerErrors(setError, FIELDS);
  const leaveNow = useWatch({ control, name: 'leave_now' });
  const changing = person.leaving_date !== null;

  const submit = handleSubmit((values) => {
    server.clear();
    save.mutate(
      {
        id: person.id,
        reason: values.reason as LeavingReason,
        leave_now: values.leave_now,
        leaving_date: values.leaving_date || undefined,
      },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: saved.left
              ? `${saved.name} has left: their access has ended.`
              : `${saved.name} leaves on ${formatDisplayDate(saved.leaving_date!)}.`,
          });
          onClose();
        },
        onError: server.fail,
      },
    );
  });

  return (
    <ModalDialog
      open
      title={changing ? 'Change leaving' : 'Record leaving'}
      onClose={onClose}
      onSave={() => void submit()}
      saveLabel={leaveNow ? 'Leave now' : changing ? 'Save' : 'Record leaving'}
      saving={save.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">
          {person.name}’s access to the portal, their team discount and their links end at the end of their last working
          day. They get one email saying so, and nothing more.
        </Typography>
        <Controller
          name="leave_now"
          control={control}
          render={({ field }) => (
            <FormControlLabel
              control={
                <Switch
                  checked={field.value}
                  onChange={(event) => {
                    // The date's rule differs either way: a complaint about the other way no longer stands.
                    clearErrors('leaving_date');
                    field.onChange(event.target.checked);
                  }}
                />
              }
              label="Leave now: end their access at once"
            />
          )}
        />
        {leaveNow && (
          <Alert severity="warning">
            They are signed out everywhere as soon as you press Leave now. The last working day can be today or earlier.
          </Alert>
        )}
        <Controller
          name="leaving_date"
          control={control}
          rules={{
            validate: (value, values) =>
              values.leave_now || value ? true : 'Choose their last working day, or Leave now',
          }}
          render={({ field, fieldState }) => (
            <LazyDateField
              key={leaveNow ? 'now' : 'later'}
              label={leaveNow ? 'Last working day (today if empty)' : 'Last working day'}
              name="leaving_date"
              required={!leaveNow}
              value={field.value}
              onChange={field.onChange}
              minDate={leaveNow ? null : 'today'}
              maxDate={leaveNow ? 'today' : null}
              error={fieldState.error?.message}
            />
          )}
        />
        <Controller
          name="reason"
          control={control}
          rules={{ validate: (value) => (value ? true : 'Choose why they are leaving') }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              select
              label="Reason"
              required
              fullWidth
              {...fieldHelp(fieldState.error)}
            >
              {LEAVING_REASONS.map((reason) => (
                <MenuItem key={reason} value={reason}>
                  {LEAVING_REASON_LABELS[reason]}
                </MenuItem>
              ))}
            </TextField>
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
