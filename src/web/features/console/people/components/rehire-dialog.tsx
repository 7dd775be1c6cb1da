import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { Controller, useForm } from 'react-hook-form';
import type { Person } from '@shared/api/console/people.js';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useServerErrors } from '@web/lib/form-errors';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useRehire } from '../api/rehire';

interface Values {
  start_date: string | null;
}

/**
 * "Re-hire" on a leaver's page (docs/product.md#leavers): a new start date after their leaving date brings
 * them back as the same person, with their documents and history; they sign in again.
 */
export function RehireDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const save = useRehire();
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: { start_date: null } });
  const server = useServerErrors(setError, ['start_date']);
  const earliest = person.leaving_date ? dayjs(person.leaving_date).add(1, 'day').format('YYYY-MM-DD') : null;

  const submit = handleSubmit((values) => {
    server.clear();
    save.mutate(
      { id: person.id, start_date: values.start_date! },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: `${saved.name} is re-hired from ${formatDisplayDate(saved.start_date!)}.`,
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
      title="Re-hire"
      onClose={onClose}
      onSave={() => void submit()}
      saveLabel="Re-hire"
      saving={save.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography color="text.secondary">
          {person.name} comes back with their documents and history, and can sign in again.
        </Typography>
        <Controller
          name="start_date"
          control={control}
          rules={{ validate: (value) => (value ? true : 'Choose their new start date') }}
          render={({ field, fieldState }) => (
            <LazyDateField
              label="New start date"
              name="start_date"
              required
              value={field.value}
              onChange={field.onChange}
              minDate={earliest}
              error={fieldState.error?.message}
            />
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
