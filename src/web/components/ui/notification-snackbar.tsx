import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SNACKBAR_HIDE_MS } from '@shared/constants.js';
import { closeNotification, useNotification } from '@web/stores/notification-store';

/**
 * The app's one notification bar (docs/product.md#frame): top right on wider screens, hides after 6 s,
 * success or error. On a phone the top holds the app bar's title and a full-screen modal's title, and
 * the bottom a modal's buttons: the bar sits above the bottom, clear of both.
 */
export function NotificationSnackbar() {
  const { open, message, severity } = useNotification();
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

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
      anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      // Above a modal's action bar (52 px with its padding) and the phone's home indicator.
      sx={phone ? { bottom: 'calc(72px + env(safe-area-inset-bottom, 0px))' } : undefined}
    >
      <Alert onClose={handleClose} severity={severity} variant="filled" sx={{ width: '100%' }}>
        {message}
      </Alert>
    </Snackbar>
  );
}
