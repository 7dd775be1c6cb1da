import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { errorText } from '@web/lib/error-text';

/** A failed load (docs/product.md#errors error text) with a 'Try again' button that calls `onRetry`. */
export function QueryErrorAlert({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <Alert
      severity="error"
      sx={{ overflowWrap: 'anywhere' }}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          Try again
        </Button>
      }
    >
      {errorText(error)}
    </Alert>
  );
}
