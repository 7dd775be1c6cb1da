import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { showNotification } from '@web/stores/notification-store';
import type { CreatedTillKey } from '../api/create-till-key';

/**
 * The till key just made, shown this once (docs/product.md#set-up): the key in a read-only field, Copy,
 * and a warning that it is not shown again (only its hash is kept). Only Done closes it, so a stray
 * tap on the backdrop cannot lose it.
 */
export function TillKeyShownDialog({ tillKey, onClose }: { tillKey: CreatedTillKey; onClose: () => void }) {
  const titleId = useId();
  const theme = useTheme();
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(tillKey.key);
      showNotification({ severity: 'success', message: 'Till key copied.' });
    } catch {
      showNotification({ severity: 'error', message: 'Could not copy: select the key and copy it yourself.' });
    }
  };

  return (
    <Dialog open aria-labelledby={titleId} fullWidth maxWidth="sm" fullScreen={fullScreen}>
      <DialogTitle id={titleId}>Till key for {tillKey.venue}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">
            Copy this key into the till now. It is not shown again: if it is lost, revoke it and make a new one.
          </Alert>
          <TextField
            label="Till key"
            value={tillKey.key}
            fullWidth
            multiline
            slotProps={{
              htmlInput: {
                readOnly: true,
                spellCheck: false,
                style: { fontFamily: 'monospace', wordBreak: 'break-all' },
              },
            }}
            onFocus={(event) => event.target.select()}
          />
        </Stack>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button startIcon={<ContentCopyIcon />} onClick={() => void copy()}>
          Copy
        </Button>
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
