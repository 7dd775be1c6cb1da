import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import { SNACKBAR_HIDE_MS } from '@shared/constants.js';
import { closeNotification, useNotification } from '@web/stores/notification-store';

/** The app's one notification bar (docs/product.md#frame): top right, hides after 6 s, success or error. */
export function NotificationSnackbar() {
  const { open, message, severity } = useNotification();

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A tap elsewhere on the page should not dismiss a message the user has not read yet.
    if (reason === 'clickaway') return;
    closeNotification();
  };

  return (
    <Snackbar
      open={open}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={handleClose}
      anchorOrigin={{ vertical: 'top', horizontal: 'right' }}
    >
      <Alert onClose={handleClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
