import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';

export interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Cancel, Escape and a click on the backdrop all call this. */
  onClose: () => void;
  /** When given, a Save button is shown and calls this. */
  onSave?: () => void;
  saveLabel?: string;
  /** Shows progress on Save and blocks a second save. */
  saving?: boolean;
  saveDisabled?: boolean;
}

/** The app's modal dialog (spec §2 Global elements): title, content, Cancel and an optional Save. */
export function ModalDialog({
  open,
  title,
  children,
  onClose,
  onSave,
  saveLabel = 'Save',
  saving = false,
  saveDisabled = false,
}: ModalDialogProps) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose}>Cancel</Button>
        {onSave && (
          <Button variant="contained" onClick={onSave} loading={saving} disabled={saveDisabled}>
            {saveLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
