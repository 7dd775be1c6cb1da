import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import dayjs from 'dayjs';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { COVER_ENDS_MAX_YEARS, COVER_ENDS_MISSING, COVER_ENDS_REMIND_WITHIN_DAYS } from '@shared/insurance-cover';
import { ukToday } from '@shared/uk-today';
import { LazyDateField } from '@web/components/onboarding-fields/lazy-date-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useServerErrors } from '@web/lib/form-errors';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';

export interface ApproveInsuranceDialogProps {
  open: boolean;
  item: PendingInsurance;
  /** Sends the approval with the last day of cover (YYYY-MM-DD); a refusal the dialog should show goes to `failed`. */
  onApprove: (coverEnds: string, failed: (error: unknown) => void) => void;
  /** True while the approval is on its way. */
  approving: boolean;
  onClose: () => void;
}

/**
 * Approve an insurance document (docs/product.md#insurance-queue): HR enters the last day of cover the
 * certificate shows, in the UK date picker, from today to COVER_ENDS_MAX_YEARS ahead, as the server
 * takes it; the member is reminded from it. A refusal shows under the date when it is about the date,
 * otherwise in the footer's alert; the date chosen stays.
 */
export function ApproveInsuranceDialog({ open, item, onApprove, approving, onClose }: ApproveInsuranceDialogProps) {
  const { control, handleSubmit, setError, clearErrors } = useForm<{ cover_ends: string | null }>({
    defaultValues: { cover_ends: null },
  });
  const server = useServerErrors(setError, ['cover_ends']);
  const coverEnds = useWatch({ control, name: 'cover_ends' });
  useUnsavedChanges(open && coverEnds !== null);
  const [latest] = useState(() => dayjs(ukToday()).add(COVER_ENDS_MAX_YEARS, 'year').format('YYYY-MM-DD'));

  const submit = handleSubmit((values) => {
    server.clear();
    onApprove(values.cover_ends!, server.fail);
  });
  // The dialog stays mounted between openings (the date chosen is kept); an old refusal is not.
  const close = () => {
    server.clear();
    clearErrors();
    onClose();
  };

  return (
    <ModalDialog
      open={open}
      title={`Approve insurance for ${item.registration}?`}
      onClose={close}
      onSave={() => void submit()}
      saveLabel="Approve"
      saving={approving}
      problem={server.problem}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography>
          Check the certificate gives business class 2 cover for {item.registration}, and enter the last day of cover it
          shows.
        </Typography>
        <Controller
          name="cover_ends"
          control={control}
          rules={{ validate: (value) => (value ? true : COVER_ENDS_MISSING) }}
          render={({ field, fieldState }) => (
            <LazyDateField
              label="Cover ends"
              name="cover_ends"
              required
              value={field.value}
              onChange={field.onChange}
              minDate="today"
              maxDate={latest}
              error={fieldState.error?.message}
            />
          )}
        />
        <Typography variant="body2" color="text.secondary">
          {item.person.name} is reminded to send the new certificate {COVER_ENDS_REMIND_WITHIN_DAYS} days before the
          cover ends, and again once it has ended.
        </Typography>
      </Stack>
    </ModalDialog>
  );
}
