import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentView } from '@web/components/signing/document-view';
import { SignaturePanel } from '@web/components/signing/signature-panel';
import { formatDisplayDate } from '@web/lib/format-date';

/** The words that differ between the contract and the agreement pages (docs/product.md#documents). */
export interface DocumentWording {
  /** Page heading: 'Contracts' or 'Agreements'. */
  heading: string;
  /** 'contract' or 'agreement', as used in sentences. */
  noun: string;
  /** 'Sign Contract' or 'Sign Agreement'. */
  signLabel: string;
}

export interface SignableDocumentProps {
  wording: DocumentWording;
  /** The document's own name, under the heading. */
  title: string;
  complete: boolean;
  /** ISO date-time of signing, when known. */
  signedAt: string | null;
  /** Address of the PDF when the document is one (it wins over the HTML). */
  pdfUrl: string | null;
  html: string | null;
  /** Address of the signed PDF, offered once the document is signed. */
  downloadUrl: string;
  onSign: (signatureData: string) => void;
  signing: boolean;
  signError: string | null;
}

/**
 * A contract or agreement reached by its link (docs/product.md#documents): the heading and the document's
 * name; unsigned, an instruction, the document, the signature pad and the sign button (disabled
 * while signing or with nothing signed); signed, 'This <noun> was signed on DD/MM/YYYY' and a
 * download of the signed PDF.
 */
export function SignableDocument({
  wording,
  title,
  complete,
  signedAt,
  pdfUrl,
  html,
  downloadUrl,
  onSign,
  signing,
  signError,
}: SignableDocumentProps) {
  const signedOn = signedAt ? formatDisplayDate(signedAt) : '';
  return (
    <Stack spacing={2.5}>
      <Stack spacing={0.5} sx={{ textAlign: 'center' }}>
        <Typography component="h1" variant="h1">
          {wording.heading}
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
            {signedOn ? `This ${wording.noun} was signed on ${signedOn}` : `This ${wording.noun} has been signed`}
          </Alert>
          <Button variant="contained" href={downloadUrl} download startIcon={<DownloadIcon />}>
            Download signed PDF
          </Button>
        </Stack>
      ) : (
        <Typography sx={{ textAlign: 'center' }}>
          {`Please read the ${wording.noun} below carefully, then sign it at the bottom of the page with your mouse or finger.`}
        </Typography>
      )}
      {/* A new key after signing: the viewer reloads and shows the signed copy. */}
      <DocumentView key={complete ? 'signed' : 'unsigned'} pdfUrl={pdfUrl} html={html} title={title || wording.heading} />
      {!complete && (
        <SignaturePanel signLabel={wording.signLabel} whenEmpty="disable" onSign={onSign} pending={signing} error={signError} />
      )}
    </Stack>
  );
}
