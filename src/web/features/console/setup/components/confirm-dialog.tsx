import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  children: ReactNode;
  /** The button that does it, named for what it does ("Revoke", "Archive"). */
  confirmLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  busy?: boolean;
  /** A failed attempt, shown in the server's words. */
  error?: unknown;
}

/** Asks before a console action that changes what others can do (revoking a till key, archiving). */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  busy,
  error,
}: ConfirmDialogProps) {
  return (
    <ModalDialog
      open={open}
      title={title}
      onClose={onClose}
      onSave={onConfirm}
      saveLabel={confirmLabel}
      saving={busy}
      problem={error ? errorText(error) : null}
    >
      <Typography>{children}</Typography>
    </ModalDialog>
  );
}
