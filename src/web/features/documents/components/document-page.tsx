import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentView } from '@web/components/signing/document-view';
import { SignaturePanel } from '@web/components/signing/signature-panel';
import { TokenPageShell } from '@web/components/token-page/token-page-shell';
import { TokenQueryView } from '@web/components/token-page/token-query-view';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { DOCUMENT_KINDS, type DocumentKind, type DocumentKindSpec, type ShownDocument } from './document-kinds';

interface SignableDocumentProps {
  spec: DocumentKindSpec;
  document: ShownDocument;
  /** The page's own `/pdf` address: the document when it is a PDF, and the signed copy's download. */
  pdfUrl: string;
  onSign: (signatureData: string) => void;
  signing: boolean;
  signError: string | null;
}

/** The loaded document of a DocumentPage (docs/product.md#documents), unsigned or signed. */
function SignableDocument({ spec, document, pdfUrl, onSign, signing, signError }: SignableDocumentProps) {
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
      {!complete && (
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

/**
 * `/contract/<token>` and `/agreement/<token>` (docs/product.md#documents): the heading and the document's
 * name; unsigned, an instruction, the document (its PDF when it is one, otherwise its HTML), the
 * signature pad and the sign button (disabled while signing or with nothing signed); signed,
 * 'This <noun> was signed on DD/MM/YYYY' and a download of the signed PDF. What differs per kind
 * is in DOCUMENT_KINDS.
 */
export function DocumentPage({ kind, token }: { kind: DocumentKind; token: string }) {
  const spec = DOCUMENT_KINDS[kind];
  const shown = spec.useDocument(token);
  const sign = spec.useSign(token);
  // The tab is named after the document once it has arrived.
  useDocumentTitle(shown.data?.title || spec.heading);
  return (
    <TokenPageShell>
      <TokenQueryView query={shown}>
        {(document) => (
          <SignableDocument
            spec={spec}
            document={document}
            pdfUrl={spec.pdfUrl(token)}
            onSign={(signature) => sign.mutate(signature)}
            signing={sign.isPending}
            signError={sign.isError ? errorText(sign.error) : null}
          />
        )}
      </TokenQueryView>
    </TokenPageShell>
  );
}
