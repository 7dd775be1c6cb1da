import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { StoredFile } from '@shared/api/files.js';
import type { Vehicle } from '@shared/api/vehicles.js';
import { FileUploadControl } from '@web/components/forms/file-upload-control';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { showNotification } from '@web/stores/notification-store';
import { useReplaceInsuranceDocument } from '../api/replace-insurance-document';
import { uploadDocument } from '../api/upload-document';
import { useVehiclesT } from '../i18n';
import { saveErrorText } from '../lib/save-error-text';

export interface ReplaceDocumentModalProps {
  open: boolean;
  vehicle: Vehicle;
  /** Cancel, and a successful replacement, call this. */
  onClose: () => void;
}

/**
 * Replaces a vehicle's insurance document (docs/product.md#vehicles): upload the new one, then 'Save' sends it;
 * the document goes back to pending approval. Outcomes show in the notification bar (docs/product.md#vehicles).
 */
export function ReplaceDocumentModal({ open, vehicle, onClose }: ReplaceDocumentModalProps) {
  const [insurance, setInsurance] = useState<StoredFile | null>(null);
  const replace = useReplaceInsuranceDocument(vehicle.id);
  const t = useVehiclesT();
  const { errors, edited } = useFieldErrors(replace.error);
  // An uploaded document not yet saved keeps a new version of the app from reloading the page.
  useUnsavedChanges(open && insurance !== null);

  const submit = () => {
    if (!insurance) return;
    replace.mutate(
      { file_id: insurance.id },
      {
        onSuccess: () => {
          showNotification({
            message: t('vehicles.replace.waiting', { registration: vehicle.registration }),
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
      title={t('vehicles.replace.title')}
      onClose={onClose}
      onSave={submit}
      saving={replace.isPending}
      saveDisabled={insurance === null}
    >
      <Stack spacing={2.5} sx={{ pt: 1 }}>
        <Typography color="text.secondary">
          {t('vehicles.replace.intro', { registration: vehicle.registration })}
        </Typography>
        <FileUploadControl
          label={t('vehicles.document.title')}
          name="file_id"
          required
          value={insurance}
          onChange={(file) => {
            setInsurance(file);
            edited('file_id');
            edited('insurance_document');
          }}
          upload={uploadDocument}
          error={errors.file_id ?? errors.insurance_document}
        />
      </Stack>
    </ModalDialog>
  );
}
