import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId, type FormEvent, type ReactNode } from 'react';
import { DialogFooter } from './dialog-footer';
import { useCommonUiT } from './i18n';

export interface ModalDialogProps {
  open: boolean;
  title: ReactNode;
  children: ReactNode;
  /** Cancel calls this; so do Escape and a click on the backdrop unless `dismissible` is false. */
  onClose: () => void;
  /** When given, a Save button is shown and calls this; Enter in a field of the dialog does too. */
  onSave?: () => void;
  /** The Save button's text; 'Save' when not given. */
  saveLabel?: string;
  /** Shows progress on Save and blocks a second save. */
  saving?: boolean;
  saveDisabled?: boolean;
  /** What a failed save says that no field explains: an error alert above the buttons (the footer's). */
  problem?: ReactNode;
  /** False for dialogs that only Cancel may close (the two-factor dialog): Escape and backdrop do nothing. */
  dismissible?: boolean;
}

/**
 * The app's modal dialog (docs/product.md#frame: Global elements): title, content, then the footer (DialogFooter):
 * a failed save's alert, Cancel and an optional Save.
 * Full screen on phones. The content is a form: Enter in a text field saves when Save is shown.
 */
export function ModalDialog({
  open,
  title,
  children,
  onClose,
  onSave,
  saveLabel,
  saving = false,
  saveDisabled = false,
  problem,
  dismissible = true,
}: ModalDialogProps) {
  const t = useCommonUiT();
  const titleId = useId();
  const theme = useTheme();
  // Read at once (no server rendering here), so a phone never sees the windowed dialog first.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  // MUI calls this for Escape and for a click on the backdrop only.
  const handleClose = () => {
    if (dismissible) onClose();
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!onSave || saving || saveDisabled) return;
    onSave();
  };

  return (
    <Dialog open={open} onClose={handleClose} aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      {/* `display: contents` keeps the paper's column layout (scrolling content, actions at the foot). */}
      <Box component="form" noValidate onSubmit={submit} sx={{ display: 'contents' }}>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>{children}</DialogContent>
        <DialogFooter
          problem={problem}
          onCancel={onClose}
          submitLabel={onSave ? (saveLabel ?? t('common.ui.save')) : undefined}
          pending={saving}
          disabled={saveDisabled}
        />
      </Box>
    </Dialog>
  );
}
