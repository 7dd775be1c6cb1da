import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCallback, useId, useRef, useState } from 'react';
import { useSigningT } from './i18n';
import { SignaturePad, type SignaturePadHandle } from './signature-pad';
import { MAX_SIGNATURE_DATA_LENGTH } from '@shared/upload-rules.js';
import { useUnsavedChanges } from '@web/lib/unsaved-changes';

export interface SignaturePanelProps {
  /** Text of the sign button, e.g. 'Sign Contract' (docs/product.md#documents), in the page's language. */
  signLabel: string;
  /** Called with the signature as a PNG data URL. */
  onSign: (signatureData: string) => void;
  /** While the signature is being sent: the pad, Clear and the button are disabled. */
  pending: boolean;
  /** An inline error (docs/product.md#documents: signing errors show inline). */
  error?: string | null;
  /**
   * The sign button before anything is drawn: 'hide' on the onboarding contract step (docs/product.md#documents:
   * it appears only once a signature exists), 'disable' on the contract and agreement pages.
   */
  whenEmpty: 'hide' | 'disable';
}

/**
 * Where a document is signed: an instruction, the signature pad, Clear, the sign button and an
 * inline error. The sign button sends the trimmed PNG (docs/product.md#documents signature, signature_data).
 */
export function SignaturePanel({ signLabel, onSign, pending, error, whenEmpty }: SignaturePanelProps) {
  const padRef = useRef<SignaturePadHandle>(null);
  const [hasSignature, setHasSignature] = useState(false);
  const [tooLarge, setTooLarge] = useState(false);
  const instructionId = useId();
  const t = useSigningT();
  // A drawn signature not yet sent keeps a new version of the app from reloading the page.
  useUnsavedChanges(hasSignature);

  const handleChange = useCallback((signed: boolean) => {
    setHasSignature(signed);
    setTooLarge(false);
  }, []);

  const sign = () => {
    const data = padRef.current?.toDataUrl();
    if (!data) return;
    if (data.length > MAX_SIGNATURE_DATA_LENGTH) {
      setTooLarge(true);
      return;
    }
    onSign(data);
  };

  const message = tooLarge ? t('signing.tooLarge') : error;
  const showButton = hasSignature || whenEmpty === 'disable';

  return (
    // A control: a printed page has the document and whether it is signed, not the pad (docs/product.md#printing).
    <Stack spacing={1.5} sx={{ alignItems: 'center', displayPrint: 'none' }}>
      <Typography id={instructionId} variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('signing.instruction')}
      </Typography>
      <Box
        role="group"
        aria-labelledby={instructionId}
        sx={{
          width: '100%',
          maxWidth: 400 + 4,
          border: 2,
          borderStyle: 'dashed',
          borderColor: hasSignature ? 'primary.main' : 'divider',
          borderRadius: 1,
          // Paper white in both schemes: the pen is black (SIGNATURE_PAD).
          bgcolor: 'common.white',
        }}
      >
        <SignaturePad ref={padRef} onChange={handleChange} disabled={pending} />
      </Box>
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="text" onClick={() => padRef.current?.clear()} disabled={pending || !hasSignature}>
          {t('signing.clear')}
        </Button>
        {showButton && (
          <Button variant="contained" onClick={sign} loading={pending} disabled={!hasSignature}>
            {signLabel}
          </Button>
        )}
      </Stack>
      {message && (
        <Alert severity="error" sx={{ width: '100%', overflowWrap: 'anywhere' }}>
          {message}
        </Alert>
      )}
    </Stack>
  );
}
