import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { fieldHelp, useServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';

/** A rejection's reason, as the server takes it (docs/product.md#insurance-queue: 1-300 characters). */
export const REASON_MAX = 300;
/** The server's refusal of a blank reason, said before sending. */
export const REASON_MISSING = 'Say why, so the member can fix it.';

export interface RejectInsuranceDialogProps {
  open: boolean;
  item: PendingInsurance;
  /** Sends the rejection; a refusal the dialog should show is handed to `failed`. */
  onReject: (reason: string, failed: (error: unknown) => void) => void;
  /** True while the rejection is on its way. */
  rejecting: boolean;
  onClose: () => void;
}

/**
 * Reject an insurance document (docs/product.md#insurance-queue): the reason the member sees under
 * their vehicle, 1 to 300 characters, counted as they type. A refusal shows under the reason when it
 * is about the reason, otherwise in the footer's alert; the reason typed stays.
 */
export function RejectInsuranceDialog({ open, item, onReject, rejecting, onClose }: RejectInsuranceDialogProps) {
  const { control, handleSubmit, setError, clearErrors } = useForm({ defaultValues: { reason: '' } });
  const server = useServerErrors(setError, ['reason']);
  const reason = useWatch({ control, name: 'reason' });
  useUnsavedChanges(open && reason.trim() !== '');

  const submit = handleSubmit((values) => {
    server.clear();
    onReject(values.reason.trim(), server.fail);
  });
  // The dialog stays mounted between openings (the reason typed is kept); an old refusal is not.
  const close = () => {
    server.clear();
    clearErrors();
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      title={`Reject insurance for ${item.registration}?`}
      onClose={close}
      onSave={() => void submit()}
      saveLabel="Reject"
      saving={rejecting}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          Tell {item.person.name} what is wrong with the document, so they can send one that will do. They see this
          under their vehicle.
        </Typography>
        <Controller
          name="reason"
          control={control}
          rules={{ validate: (value) => (value.trim() ? true : REASON_MISSING) }}
          render={({ field, fieldState }) => (
            <TextField
              {...field}
              inputRef={field.ref}
              label="Reason"
              multiline
              minRows={3}
              required
              fullWidth
              {...fieldHelp(fieldState.error, `${field.value.length}/${REASON_MAX}`)}
              slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
            />
          )}
        />
      </Stack>
    </ModalDialog>
  );
}
