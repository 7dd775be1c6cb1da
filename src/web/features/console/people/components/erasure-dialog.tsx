import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useLocation } from 'wouter';
import type { Person } from '@shared/api/console/people.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useServerErrors } from '@web/lib/form-errors';
import { showNotification } from '@web/stores/notification-store';
import { useErasePerson } from '../api/erase-person';
import { usePersonErasure } from '../api/get-person-erasure';
import { peopleListAddress } from '../lib/people-list-address';
import { ErasureList } from './erasure-list';

interface Values {
  understood: boolean;
}

/**
 * "Erase personal data" on a leaver's page (HR, docs/product.md#erasure-on-request): what the law keeps
 * and until when, what will be erased now, and a box to tick that it cannot be undone. Erase asks for a
 * second factor when none was given in the last 15 minutes (the api client's two-factor dialog, as the
 * payroll export does), then erases. When nothing of them was kept, the page goes back to the list.
 */
export function ErasureDialog({ person, onClose }: { person: Person; onClose: () => void }) {
  const plan = usePersonErasure(person.id);
  const erase = useErasePerson();
  const [, navigate] = useLocation();
  const { control, handleSubmit, setError } = useForm<Values>({ defaultValues: { understood: false } });
  const server = useServerErrors(setError, []);
  const items = plan.data?.items ?? [];
  const toErase = items.filter((i) => i.status === 'erase');

  const submit = handleSubmit(() => {
    server.clear();
    erase.mutate(
      { id: person.id },
      {
        onSuccess: (done) => {
          showNotification({
            severity: 'success',
            message: !done.erased.length
              ? `Nothing more to erase for ${person.name}.`
              : done.plan
                ? `${person.name}'s personal data has been erased, but for what the law keeps.`
                : `${person.name}'s personal data has been erased: nothing of it is kept.`,
          });
          onClose();
          if (!done.plan) navigate(peopleListAddress());
        },
        onError: server.fail,
      },
    );
  });

  return (
    <ModalDialog
      open
      title="Erase personal data"
      onClose={onClose}
      onSave={plan.data && toErase.length ? () => void submit() : undefined}
      saveLabel="Erase now"
      saving={erase.isPending}
      problem={server.problem}
    >
      {plan.isError ? (
        <QueryErrorAlert error={plan.error} onRetry={() => void plan.refetch()} />
      ) : !plan.data ? (
        <Spinner minHeight={160} />
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Typography color="text.secondary">
            {toErase.length
              ? `This erases ${person.name}'s personal data now, but for what the law still needs. What is kept is erased on its own date.`
              : `Nothing more of ${person.name}'s personal data can be erased now: the rest is kept until the dates below.`}
          </Typography>
          <ErasureList items={items} />
          {toErase.length > 0 && (
            <Controller
              name="understood"
              control={control}
              rules={{ validate: (value) => value || 'Tick this to erase their data' }}
              render={({ field, fieldState }) => (
                <div>
                  <FormControlLabel
                    control={
                      <Checkbox checked={field.value} onChange={(event) => field.onChange(event.target.checked)} />
                    }
                    label="I understand that this cannot be undone"
                  />
                  {fieldState.error && <FormHelperText error>{fieldState.error.message}</FormHelperText>}
                </div>
              )}
            />
          )}
          {toErase.length > 0 && (
            <Alert severity="info">
              You will be asked to confirm it is you if you have not in the last 15 minutes.
            </Alert>
          )}
        </Stack>
      )}
    </ModalDialog>
  );
}
