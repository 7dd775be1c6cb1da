import CloudOffIcon from '@mui/icons-material/CloudOff';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { formatDisplayTime } from '@web/lib/format-date';
import { useDiscountT } from '../i18n';
import { useOfflineCard } from '../lib/use-offline-card';
import { DiscountCard } from './discount-card';

/** Shown without signal when this phone holds no card whose code is still valid. */
export const NO_OFFLINE_CARD_TEXT =
  'You are offline, and this phone has no current team discount code. Connect to the internet, then try again.';

/**
 * Team Discount without signal (docs/product.md#team-discount): the card kept on this phone under
 * 'Offline: this code is valid until HH:mm', its live clock ticking, until the code expires; then,
 * or when there is none, why no card shows, with 'Try again' (`onRetry`).
 */
export function OfflineDiscountCard({ onRetry }: { onRetry: () => void }) {
  const card = useOfflineCard();
  const t = useDiscountT();
  if (!card) {
    return (
      <Alert
        severity="warning"
        icon={<CloudOffIcon />}
        action={
          <Button color="inherit" size="small" onClick={onRetry}>
            {t('discount.retry')}
          </Button>
        }
      >
        {t('discount.offline.none')}
      </Alert>
    );
  }
  return (
    <Stack spacing={2}>
      {/* A status, not an alert: it is read once, not announced over the till's conversation. */}
      <Alert role="status" severity="info" icon={<CloudOffIcon />}>
        {t('discount.offline.validUntil', { time: formatDisplayTime(card.status.expires) })}
      </Alert>
      <DiscountCard status={card.status} age={card.age} />
    </Stack>
  );
}
