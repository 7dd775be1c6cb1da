import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { fieldErrorsOf } from '@web/lib/field-errors';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';

/** A rejection's reason, as the server takes it (docs/product.md#insurance-queue: 1-300 characters). */
export const REASON_MAX = 300;
/** The server's refusal of a blank reason, said before sending. */
export const REASON_MISSING = 'Say why, so the member can fix it.';

export interface RejectInsuranceDialogProps {
  open: boolean;
  item: PendingInsurance;
  /** Sends the rejection; true while it is on its way. */
  onReject: (reason: string) => void;
  rejecting: boolean;
  /** The last refusal of the rejection, shown under the reason or above the buttons. */
  error: unknown;
  onClose: () => void;
}

/**
 * Reject an insurance document (docs/product.md#insurance-queue): the reason the member sees under
 * their vehicle, 1 to 300 characters, counted as they type. A refusal shows under the reason when it
 * is about the reason, otherwise above the buttons.
 */
export function RejectInsuranceDialog({ open, item, onReject, rejecting, error, onClose }: RejectInsuranceDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);
  const server = useFieldErrors(error);
  useUnsavedChanges(open && reason.trim() !== '');
  const fieldError = (missing ? REASON_MISSING : undefined) ?? server.errors.reason;
  const problem = error && !fieldErrorsOf(error).reason ? errorText(error) : null;

  const submit = () => {
    if (!reason.trim()) {
      setMissing(true);
      return;
    }
    onReject(reason.trim());
  };

  return (
    <ModalDialog open={open} title={`Reject insurance for ${item.registration}?`} onClose={onClose} onSave={submit} saveLabel="Reject" saving={rejecting}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          Tell {item.person.name} what is wrong with the document, so they can send one that will do. They see this under their vehicle.
        </Typography>
        <TextField
          label="Reason"
          value={reason}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
            server.edited('reason');
          }}
          multiline
          minRows={3}
          required
          fullWidth
          error={Boolean(fieldError)}
          helperText={fieldError ?? `${reason.length}/${REASON_MAX}`}
          slotProps={{ htmlInput: { maxLength: REASON_MAX } }}
        />
        {problem && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        )}
      </Stack>
    </ModalDialog>
  );
}
