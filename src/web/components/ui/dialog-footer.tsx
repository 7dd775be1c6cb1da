import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { useCommonUiT } from './i18n';

export interface DialogFooterProps {
  /** What a failed save says that no field explains (docs/product.md#errors), shown in an alert above the buttons. */
  problem?: ReactNode;
  onCancel: () => void;
  /** The submit button's text; none shows only Cancel. */
  submitLabel?: string;
  /** Shows progress on the submit button (a spinner) while the save is on its way. */
  pending?: boolean;
  disabled?: boolean;
}

/**
 * The foot of a dialog that posts: the failed save's alert, then Cancel and the submit button. The submit button is
 * the form's own (`type="submit"`), so Enter in a field of the dialog submits it too.
 */
export function DialogFooter({ problem, onCancel, submitLabel, pending = false, disabled = false }: DialogFooterProps) {
  const t = useCommonUiT();
  return (
    <>
      {problem ? (
        <Box sx={{ px: 3, pb: 1 }}>
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {problem}
          </Alert>
        </Box>
      ) : null}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button type="button" onClick={onCancel}>
          {t('common.ui.cancel')}
        </Button>
        {submitLabel !== undefined && (
          <Button type="submit" variant="contained" loading={pending} disabled={disabled}>
            {submitLabel}
          </Button>
        )}
      </DialogActions>
    </>
  );
}
