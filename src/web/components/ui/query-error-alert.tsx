import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { isNetworkFailure } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { OfflineNotice } from './offline-notice';
import { useCommonUiT } from './i18n';

/**
 * A failed load (docs/product.md#errors error text) with a 'Try again' button that calls `onRetry`;
 * a call that got no answer at all shows the offline notice instead (docs/product.md#frame).
 */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  const t = useCommonUiT();
  if (isNetworkFailure(error)) return <OfflineNotice onRetry={onRetry} />;
  return (
    <Alert
      severity="error"
      sx={{ overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('common.ui.tryAgain')}
        </Button>
      }
    >
      {errorText(error)}
    </Alert>
  );
}
