import DownloadIcon from '@mui/icons-material/Download';
import TranslateIcon from '@mui/icons-material/Translate';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentView } from '@web/components/signing/document-view';
import { SignaturePanel } from '@web/components/signing/signature-panel';
import { useLocale } from '@web/i18n/i18n';
import { formatDisplayDate } from '@web/lib/format-date';
import { useDocumentsT } from '../i18n';
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
 * (DocumentPage) and in My Documents (MyDocumentPage). The page reads in the member's language; the
 * document and its name stay as HR wrote them, in English, which a note says when the page is in
 * another language (docs/decisions/0069-member-language.md).
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
  const t = useDocumentsT();
  const locale = useLocale();
  const messages = spec.messages;
  const heading = t(messages.heading);
  const { title, complete, signedAt } = document;
  const signedOn = signedAt ? formatDisplayDate(signedAt) : '';
  return (
    <Stack spacing={2.5}>
      <Stack spacing={0.5} sx={{ textAlign: 'center' }}>
        <Typography component="h1" variant="h1">
          {heading}
        </Typography>
        {title && (
          <Typography component="h2" variant="h3" color="text.secondary" lang="en-GB">
            {title}
          </Typography>
        )}
      </Stack>
      {complete ? (
        <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
          <Alert severity="success" sx={{ width: '100%' }}>
            {signedOn ? t(messages.signedOn, { date: signedOn }) : t(messages.signed)}
          </Alert>
          <Button variant="contained" href={pdfUrl} download startIcon={<DownloadIcon />} sx={{ displayPrint: 'none' }}>
            {t('documents.downloadSigned')}
          </Button>
        </Stack>
      ) : cannotSign ? (
        <Alert severity="info">{cannotSign}</Alert>
      ) : (
        <>
          <Typography sx={{ textAlign: 'center', displayPrint: 'none' }}>{t(messages.instruction)}</Typography>
          {/* On paper, in place of the instruction and the pad (docs/product.md#printing). */}
          <Typography sx={{ display: 'none', displayPrint: 'block', textAlign: 'center', fontWeight: 600 }}>
            {t(messages.notSignedYet)}
          </Typography>
        </>
      )}
      {locale !== 'en-GB' && (
        <Alert severity="info" icon={<TranslateIcon fontSize="inherit" />} sx={{ displayPrint: 'none' }}>
          {t(messages.inEnglish)}
        </Alert>
      )}
      {/* A new key after signing: the viewer reloads and shows the signed copy. */}
      <DocumentView
        key={complete ? 'signed' : 'unsigned'}
        pdfUrl={document.isPdf ? pdfUrl : null}
        html={document.html}
        title={title || heading}
      />
      {!complete && !cannotSign && (
        <SignaturePanel
          signLabel={t(messages.sign)}
          whenEmpty="disable"
          onSign={onSign}
          pending={signing}
          error={signError}
        />
      )}
    </Stack>
  );
}
