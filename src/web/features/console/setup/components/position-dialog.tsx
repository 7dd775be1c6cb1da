import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { Controller, useForm } from 'react-hook-form';
import type { ConsolePosition } from '@shared/api/console/setup.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { showNotification } from '@web/stores/notification-store';
import { useSavePosition } from '../api/save-position';

/**
 * HR's "Add position" and "Rename position" (docs/product.md#set-up): one name, not blank and at most 100
 * characters (addPositionBodySchema); a name an active position has, in any case, is refused by the
 * server under the field. Renaming changes no one's record: people keep the text they have.
 */
export function PositionDialog({ position, onClose }: { position?: ConsolePosition; onClose: () => void }) {
  const save = useSavePosition();
  const { control, handleSubmit, setError } = useForm<{ name: string }>({
    defaultValues: { name: position?.name ?? '' },
  });
  // A bare 409 (a name an active position has) goes under the name.
  const server = useServerErrors(setError, ['name'], { conflictField: 'name' });

  const submit = handleSubmit(({ name }) => {
    server.clear();
    save.mutate(
      { id: position?.id, name: name.trim() },
      {
        onSuccess: (saved) => {
          showNotification({
            severity: 'success',
            message: position ? `Renamed to ${saved.name}.` : `${saved.name} is added.`,
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
      title={position ? 'Rename position' : 'Add position'}
      onClose={onClose}
      onSave={() => void submit()}
      saving={save.isPending}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Controller
          name="name"
          control={control}
          rules={{
            validate: (value) =>
              value.trim() === ''
                ? 'Enter the position’s name'
                : value.trim().length > 100
                  ? 'At most 100 characters'
                  : true,
          }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              onChange={(event) => {
                field.onChange(event);
                // A changed name is a new attempt: the old refusal no longer applies.
                server.clear();
              }}
              inputRef={field.ref}
              label="Position"
              required
              autoFocus
              autoComplete="off"
              fullWidth
              {...fieldHelp(fieldState.error, 'e.g. Bartender, Sous Chef')}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
