import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import { useFrameT } from '@web/i18n/frame';
import { loadOfflineCard } from '@web/lib/offline-discount-card';

/** What a page that needs the internet says without signal. */
export const OFFLINE_TEXT = "You're offline. Check your Wi-Fi or mobile data, then try again.";

/**
 * The notice a page shows when its call got no answer (docs/product.md#frame): `text` (OFFLINE_TEXT
 * unless given), 'Try again' calling `onRetry`, and, while this phone keeps the signed-in member's
 * discount card with a code still valid, 'Show my discount card', to /team-discount, which shows it
 * without signal.
 */
export function OfflineNotice({ text, onRetry }: { text?: string; onRetry: () => void }) {
  const t = useFrameT();
  // Read once as the notice appears: the card page itself says so if the code has expired since.
  const [hasCard] = useState(() => loadOfflineCard(Date.now()) !== null);
  return (
    // A status, not an alert: being offline is a state the member is in, not a failure of theirs.
    <Alert role="status" severity="warning" icon={<CloudOffIcon />} sx={{ overflowWrap: 'anywhere' }}>
      {text ?? t('frame.offline.text')}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mt: 1.5 }}>
        {hasCard && (
          <Button variant="contained" component={RouterLink} to="/team-discount">
            {t('frame.offline.showCard')}
          </Button>
        )}
        <Button variant="outlined" color="inherit" onClick={onRetry}>
          {t('frame.offline.retry')}
        </Button>
      </Stack>
    </Alert>
  );
}
