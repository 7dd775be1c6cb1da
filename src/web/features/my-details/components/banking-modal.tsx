import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { FinancialsBody } from '@shared/api/my-details.js';
import { MaskedTextField } from '@web/components/forms/masked-text-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { useSaveFinancials } from '../api/save-financials';
import { currentBankingNotes } from '../lib/card-summaries';
import type { DetailsModalProps } from './details-modal-props';
import { useDetailsForm } from './use-details-form';

/** docs/product.md#my-details masks: an 8-digit account number and a 00-00-00 sort code. */
export const ACCOUNT_NUMBER_MASK = '00000000';
export const SORT_CODE_MASK = '00-00-00';

/**
 * The Banking modal (docs/product.md#my-details): account number and sort code, empty to start (the server only
 * shows the current ones masked, so they appear as notes under the fields), each with its mask.
 * A failed save shows the error in an alert and the server's errors under their fields (docs/product.md#my-details);
 * a 402 opens the two-factor dialog. A successful save updates the user and closes.
 */
export default function BankingModal({ open, staff, onClose }: DetailsModalProps) {
  const { values, change, errors, submit, saving, failure } = useDetailsForm({
    open,
    initial: (): FinancialsBody => ({ bank_account: '', sort_code: '' }),
    save: useSaveFinancials(),
    body: (typed) => typed,
    savedText: 'Your bank details have been saved.',
    onClose,
  });
  const notes = currentBankingNotes(staff);

  return (
    <ModalDialog open={open} title="Banking" onClose={onClose} onSave={submit} saving={saving}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {failure && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {failure}
          </Alert>
        )}
        <MaskedTextField
          name="bank_account"
          label="Account number"
          mask={ACCOUNT_NUMBER_MASK}
          value={values.bank_account}
          onChange={(value) => change('bank_account', value)}
          placeholder="12345678"
          error={Boolean(errors.bank_account)}
          helperText={errors.bank_account ?? notes.account}
          fullWidth
        />
        <MaskedTextField
          name="sort_code"
          label="Sort code"
          mask={SORT_CODE_MASK}
          value={values.sort_code}
          onChange={(value) => change('sort_code', value)}
          placeholder="00-00-00"
          error={Boolean(errors.sort_code)}
          helperText={errors.sort_code ?? notes.sortCode}
          fullWidth
        />
      </Stack>
    </ModalDialog>
  );
}
