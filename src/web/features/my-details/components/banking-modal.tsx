import VisibilityIcon from '@mui/icons-material/Visibility';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { FinancialsBody } from '@shared/api/my-details.js';
import { Controller } from 'react-hook-form';
import { MaskedTextField } from '@web/components/forms/masked-text-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { fieldHelp } from '@web/lib/form-errors';
import { useShowFinancials } from '../api/get-financials';
import { useSaveFinancials } from '../api/save-financials';
import { useDetailsT } from '../i18n';
import { currentBankingNotes } from '../lib/card-summaries';
import { shownInFull } from '../lib/masked-digits';
import type { DetailsModalProps } from './details-modal-props';
import { useDetailsForm } from './use-details-form';

/** docs/product.md#my-details masks: an 8-digit account number and a 00-00-00 sort code. */
export const ACCOUNT_NUMBER_MASK = '00000000';
export const SORT_CODE_MASK = '00-00-00';

/**
 * The Banking modal (docs/product.md#banking): account number and sort code, each with its mask. A session
 * that passed a second factor in the last 15 minutes gets the details in full and the modal opens
 * filled; otherwise it opens empty with what is held as notes, and 'Show current details' asks for
 * the second factor and fills the fields. A failed save shows the error in an alert and the
 * server's errors under their fields; a 402 opens the two-factor dialog and, once it is passed, the
 * save completes by itself. A successful save updates the user and closes.
 */
export default function BankingModal({ open, staff, onClose }: DetailsModalProps) {
  const t = useDetailsT();
  const { form, typed, fill, submit, saving, failure } = useDetailsForm({
    open,
    initial: (): FinancialsBody => ({
      bank_account: shownInFull(staff.bank_account) ? staff.bank_account : '',
      sort_code: shownInFull(staff.sort_code) ? staff.sort_code : '',
    }),
    save: useSaveFinancials(),
    body: (typed) => typed,
    savedText: t('details.banking.saved'),
    onClose,
  });
  const show = useShowFinancials();
  const notes = currentBankingNotes(staff, t);
  const held = Boolean(staff.bank_account || staff.sort_code);
  const canShow = held && !show.isSuccess && !shownInFull(staff.bank_account) && !shownInFull(staff.sort_code);
  const showCurrent = () =>
    show.mutate(undefined, {
      onSuccess: (current) => fill({ bank_account: current.bank_account ?? '', sort_code: current.sort_code ?? '' }),
    });
  // A cancelled second factor is the member's own choice: nothing to explain.
  const showFailure = show.isError && statusOf(show.error) !== 402 ? errorText(show.error) : null;

  return (
    <ModalDialog open={open} title={t('details.banking.title')} onClose={onClose} onSave={submit} saving={saving}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {(failure ?? showFailure) && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {failure ?? showFailure}
          </Alert>
        )}
        <Controller
          name="bank_account"
          control={form.control}
          render={({ field, fieldState }) => (
            <MaskedTextField
              name={field.name}
              label={t('details.banking.accountNumber')}
              mask={ACCOUNT_NUMBER_MASK}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                typed();
              }}
              placeholder="12345678"
              {...fieldHelp(fieldState.error, notes.account)}
              fullWidth
            />
          )}
        />
        <Controller
          name="sort_code"
          control={form.control}
          render={({ field, fieldState }) => (
            <MaskedTextField
              name={field.name}
              label={t('details.banking.sortCode')}
              mask={SORT_CODE_MASK}
              value={field.value}
              onChange={(value) => {
                field.onChange(value);
                typed();
              }}
              placeholder="00-00-00"
              {...fieldHelp(fieldState.error, notes.sortCode)}
              fullWidth
            />
          )}
        />
        {canShow && (
          <Button
            variant="outlined"
            startIcon={<VisibilityIcon />}
            loading={show.isPending}
            onClick={showCurrent}
            sx={{ alignSelf: 'flex-start', minHeight: 44 }}
          >
            {t('details.banking.showCurrent')}
          </Button>
        )}
      </Stack>
    </ModalDialog>
  );
}
