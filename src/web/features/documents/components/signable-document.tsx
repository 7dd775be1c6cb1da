import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentView } from '@web/components/signing/document-view';
import { SignaturePanel } from '@web/components/signing/signature-panel';
import { formatDisplayDate } from '@web/lib/format-date';
import type { DocumentKindSpec, ShownDocument } from './document-kinds';

export interface SignableDocumentProps {
  spec: DocumentKindSpec;
  document: ShownDocument;
  /** The page's own `/pdf` address: the document when it is a PDF, and the signed copy's download. */
  pdfUrl: string;
  onSign: (signatureData: string) => void;
  signing: boolean;
  signError: string | null;
  /** Why it cannot be signed here (My Documents: signed in onboarding, or its time ran out): shown instead of the pad. */
  cannotSign?: string;
}

/**
 * A loaded contract or agreement (docs/product.md#documents), unsigned or signed: on its link's page
 * (DocumentPage) and in My Documents (MyDocumentPage).
 */
export function SignableDocument({
  spec,
  document,
  pdfUrl,
  onSign,
  signing,
  signError,
  cannotSign,
}: SignableDocumentProps) {
  const { title, complete, signedAt } = document;
  const signedOn = signedAt ? formatDisplayDate(signedAt) : '';
  return (
    <Stack spacing={2.5}>
      <Stack spacing={0.5} sx={{ textAlign: 'center' }}>
        <Typography component="h1" variant="h1">
          {spec.heading}
        </Typography>
        {title && (
          <Typography component="h2" variant="h3" color="text.secondary">
            {title}
          </Typography>
        )}
      </Stack>
      {complete ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Alert severity="success" sx={{ width: '100%' }}>
            {signedOn ? `This ${spec.noun} was signed on ${signedOn}` : `This ${spec.noun} has been signed`}
          </Alert>
          <Button variant="contained" href={pdfUrl} download startIcon={<DownloadIcon />} sx={{ displayPrint: 'none' }}>
            Download signed PDF
          </Button>
        </Stack>
      ) : cannotSign ? (
        <Alert severity="info">{cannotSign}</Alert>
      ) : (
        <>
          <Typography sx={{ textAlign: 'center', displayPrint: 'none' }}>
            {`Please read the ${spec.noun} below carefully, then sign it at the bottom of the page with your mouse or finger.`}
          </Typography>
          {/* On paper, in place of the instruction and the pad (docs/product.md#printing). */}
          <Typography sx={{ display: 'none', displayPrint: 'block', textAlign: 'center', fontWeight: 600 }}>
            {`This ${spec.noun} has not been signed yet.`}
          </Typography>
        </>
      )}
      {/* A new key after signing: the viewer reloads and shows the signed copy. */}
      <DocumentView
        key={complete ? 'signed' : 'unsigned'}
        pdfUrl={document.isPdf ? pdfUrl : null}
        html={document.html}
        title={title || spec.heading}
      />
      {!complete && !cannotSign && (
        <SignaturePanel
          signLabel={spec.signLabel}
          whenEmpty="disable"
          onSign={onSign}
          pending={signing}
          error={signError}
        />
      )}
    </Stack>
  );
}
