import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, type ChangeEvent } from 'react';
import { MAX_VERIFY_PDF_BYTES } from '@shared/upload-rules';
import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { errorText } from '@web/lib/error-text';
import { useVerifyDocument } from '../api/verify-document';

const SEVERITY = { intact: 'success', changed: 'error', 'not-signed-here': 'warning' } as const;

/**
 * `/verify` (docs/product.md#verify): anyone, signed in or not, chooses a PDF and learns whether it was
 * signed with this Staffroom and is unchanged since, and what a trusted time confirms. The file is sent
 * to be checked and is not kept.
 */
export function VerifyScreen() {
  const check = useVerifyDocument();
  const input = useRef<HTMLInputElement>(null);

  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (file) check.mutate(file);
  };

  return (
    <TokenPageShell maxWidth={640}>
      <Stack spacing={2.5} sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Typography component="h1" variant="h2">
          Check a signed document
        </Typography>
        <Typography>
          {`Choose a PDF signed with Staffroom (${MAX_VERIFY_PDF_BYTES / 1024 / 1024} MB at most) to see who signed it, when, and whether it has changed since. The file is checked, not kept.`}
        </Typography>
        <input
          ref={input}
          type="file"
          accept=".pdf,application/pdf"
          hidden
          aria-label="PDF to check"
          onChange={choose}
        />
        <Button
          variant="contained"
          size="large"
          loading={check.isPending}
          onClick={() => input.current?.click()}
          sx={{ alignSelf: 'flex-start' }}
        >
          Choose PDF
        </Button>
        {check.isError && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {errorText(check.error)}
          </Alert>
        )}
        {check.isSuccess && (
          <Alert severity={SEVERITY[check.data.verdict]} role="status">
            <Typography sx={{ fontWeight: 600 }}>{check.data.message}</Typography>
            <Typography variant="body2">{check.data.trusted_time}</Typography>
          </Alert>
        )}
      </Stack>
    </TokenPageShell>
  );
}
