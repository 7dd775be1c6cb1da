import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { StoredFile } from '@shared/api/files.js';
import { FileUploadControl } from '@web/components/forms/file-upload-control';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { showNotification } from '@web/stores/notification-store';
import { useAddVehicle } from '../api/add-vehicle';
import { uploadDocument } from '../api/upload-document';
import { useVehiclesT } from '../i18n';
import { saveErrorText } from '../lib/save-error-text';
import { upperCaseInput } from '../lib/upper-case-input';

/** Longest registration the server takes (AddVehicleBody). */
const REGISTRATION_MAX_LENGTH = 20;

export interface AddVehicleModalProps {
  open: boolean;
  /** Cancel, and a successful add, call this. */
  onClose: () => void;
}

/**
 * The Add Vehicle modal (docs/product.md#vehicles): 'Registration', upper-cased as typed, and the insurance
 * document upload. 'Add' stays disabled until both are there. The server's field errors show under
 * their fields; a failure also shows in the notification bar, a success too, then the modal closes
 * and the list refreshes (docs/product.md#vehicles).
 */
export function AddVehicleModal({ open, onClose }: AddVehicleModalProps) {
  const [registration, setRegistration] = useState('');
  const [insurance, setInsurance] = useState<StoredFile | null>(null);
  const add = useAddVehicle();
  const t = useVehiclesT();
  const { errors, edited } = useFieldErrors(add.error);

  const ready = registration.trim() !== '' && insurance !== null;
  // What was typed or uploaded keeps a new version of the app from reloading the page.
  useUnsavedChanges(open && (registration !== '' || insurance !== null));

  const submit = () => {
    if (!ready) return;
    add.mutate(
      { registration: registration.trim(), insurance_document: insurance.id },
      {
        onSuccess: (vehicle) => {
          showNotification({
            message: t('vehicles.add.added', { registration: vehicle.registration }),
            severity: 'success',
          });
          onClose();
        },
        onError: (error) =>
          showNotification({ message: saveErrorText(error, t('vehicles.unknownError')), severity: 'error' }),
      },
    );
  };

  return (
    <ModalDialog
      open={open}
      title={t('vehicles.addVehicle')}
      onClose={onClose}
      onSave={submit}
      saveLabel={t('vehicles.add.save')}
      saving={add.isPending}
      saveDisabled={!ready}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">{t('vehicles.add.intro')}</Typography>
        <TextField
          label={t('vehicles.registration')}
          name="registration"
          required
          fullWidth
          value={registration}
          onChange={(event) => {
            setRegistration(upperCaseInput(event));
            edited('registration');
          }}
          error={Boolean(errors.registration)}
          helperText={errors.registration}
          disabled={add.isPending}
          slotProps={{
            htmlInput: {
              maxLength: REGISTRATION_MAX_LENGTH,
              autoCapitalize: 'characters',
              autoComplete: 'off',
              autoCorrect: 'off',
              spellCheck: false,
            },
          }}
        />
        <FileUploadControl
          label={t('vehicles.document.title')}
          name="insurance_document"
          required
          value={insurance}
          onChange={(file) => {
            setInsurance(file);
            edited('insurance_document');
          }}
          upload={uploadDocument}
          error={errors.insurance_document}
        />
      </Stack>
    </ModalDialog>
  );
}
