import Alert from '@mui/material/Alert';
import Snackbar, { type SnackbarCloseReason } from '@mui/material/Snackbar';
import type { Theme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { SNACKBAR_HIDE_MS } from '@shared/constants.js';
import { useState } from 'react';
import { closeNotification, useNotification, type NotificationState } from '@web/stores/notification-store';
import { useCommonUiT } from './i18n';

/**
 * A number that changes with every message shown, even one of the same text: MUI's Snackbar starts its
 * hide timer when it opens, not when its message changes, so a message shown while another was up
 * would go when the first one's time ran out. Each message is its own Snackbar (the key), with its own
 * 6000 ms. Counted here, in the bar's own chunk, rather than in the store every first load carries.
 */
function useMessageKey(state: NotificationState): number {
  const [seen, setSeen] = useState(state);
  const [key, setKey] = useState(0);
  // Every showNotification sets a new state object; a close keeps the key, so the bar animates out.
  if (state !== seen) {
    setSeen(state);
    if (state.open) setKey((was) => was + 1);
  }
  return key;
}

/**
 * The app's one notification bar (docs/product.md#frame): top right on wider screens, hides after 6 s,
 * success or error. On a phone the top holds the app bar's title and a full-screen modal's title, and
 * the bottom a modal's buttons: the bar sits above the bottom, clear of both. A newer message takes
 * the place of the one showing and stays its own full 6 s (useMessageKey).
 */
export function NotificationSnackbar() {
  const t = useCommonUiT();
  const notification = useNotification();
  const { open, message, severity } = notification;
  const key = useMessageKey(notification);
  const phone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });

  const handleClose = (_event: unknown, reason?: SnackbarCloseReason) => {
    // A tap elsewhere on the page should not dismiss a message the user has not read yet.
    if (reason === 'clickaway') return;
    closeNotification();
  };

  return (
    <Snackbar
      key={key}
      open={open}
      autoHideDuration={SNACKBAR_HIDE_MS}
      onClose={handleClose}
      anchorOrigin={phone ? { vertical: 'bottom', horizontal: 'center' } : { vertical: 'top', horizontal: 'right' }}
      // Above a modal's action bar (52 px with its padding) and the phone's home indicator.
      sx={phone ? { bottom: 'calc(72px + env(safe-area-inset-bottom, 0px))' } : undefined}
    >
      <Alert
        onClose={handleClose}
        closeText={t('common.ui.close')}
        severity={severity}
        variant="filled"
        sx={{ width: '100%' }}
      >
        {message}
      </Alert>
    </Snackbar>
  );
}
