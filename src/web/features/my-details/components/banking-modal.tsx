import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { MaskedTextField } from '@web/components/forms/masked-text-field';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { useFieldErrors } from '@web/lib/use-field-errors';
import { useSaveFinancials } from '../api/save-financials';
import { currentBankingNotes } from '../lib/card-summaries';
import type { DetailsModalProps } from './details-modal-props';
import { useSavedNotice } from './use-saved-notice';

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
  const [bankAccount, setBankAccount] = useState('');
  const [sortCode, setSortCode] = useState('');
  const save = useSaveFinancials();
  const notice = useSavedNotice();
  const { errors, edited } = useFieldErrors(save.error);
  const notes = currentBankingNotes(staff);

  const submit = () => {
    save.mutate(
      { bank_account: bankAccount, sort_code: sortCode },
      {
        onSuccess: () => {
          notice('Your bank details have been saved.');
          onClose();
        },
      },
    );
  };

  return (
    <ModalDialog open={open} title="Banking" onClose={onClose} onSave={submit} saving={save.isPending}>
      <Stack spacing={2} sx={{ pt: 1 }}>
        {save.isError && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {errorText(save.error)}
          </Alert>
        )}
        <MaskedTextField
          name="bank_account"
          label="Account number"
          mask={ACCOUNT_NUMBER_MASK}
          value={bankAccount}
          onChange={(value) => {
            edited('bank_account');
            setBankAccount(value);
          }}
          placeholder="12345678"
          error={Boolean(errors.bank_account)}
          helperText={errors.bank_account ?? notes.account}
          fullWidth
        />
        <MaskedTextField
          name="sort_code"
          label="Sort code"
          mask={SORT_CODE_MASK}
          value={sortCode}
          onChange={(value) => {
            edited('sort_code');
            setSortCode(value);
          }}
          placeholder="00-00-00"
          error={Boolean(errors.sort_code)}
          helperText={errors.sort_code ?? notes.sortCode}
          fullWidth
        />
      </Stack>
    </ModalDialog>
  );
}
