import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Link } from 'wouter';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { errorText } from '@web/lib/error-text';
import { myDocumentPdfUrl, useMyDocument } from '../api/get-my-document';
import { useSignMyDocument } from '../api/sign-my-document';
import { useDocumentsT } from '../i18n';
import { DOCUMENT_KINDS } from './document-kinds';
import { myDocumentState } from './my-document-state';
import { SignableDocument } from './signable-document';

/**
 * One of the member's documents in My Documents (`/my-documents/<id>`, docs/product.md#my-documents): the
 * signing page's content inside the frame. Waiting, it is read and signed here as from its link;
 * signed, its signed PDF shows in the viewer with 'Download signed PDF', whenever the member asks.
 */
export default function MyDocumentPage({ id }: { id: string }) {
  const shown = useMyDocument(id);
  const sign = useSignMyDocument(id);
  const t = useDocumentsT();
  let body;
  if (shown.isPending) {
    body = <Spinner />;
  } else if (shown.isError) {
    body = <QueryErrorAlert error={shown.error} onRetry={() => void shown.refetch()} />;
  } else {
    const document = shown.data;
    const complete = document.status === 'signed';
    body = (
      <SignableDocument
        spec={DOCUMENT_KINDS[document.kind]}
        document={{
          title: document.title,
          complete,
          signedAt: document.signed_at,
          // Once signed, what is kept is the signed PDF: it shows in the viewer, HTML or not.
          isPdf: complete || document.is_pdf,
          html: document.html,
        }}
        pdfUrl={myDocumentPdfUrl(id)}
        onSign={(signature) => sign.mutate(signature)}
        signing={sign.isPending}
        signError={sign.isError ? errorText(sign.error) : null}
        cannotSign={myDocumentState(document, t).cannotSign}
      />
    );
  }
  return (
    <Container maxWidth="md" sx={{ py: { xs: 2, sm: 3 }, px: { xs: 2, sm: 3 } }}>
      <Button component={Link} href="/my-documents" startIcon={<ArrowBackIcon />} sx={{ mb: 2, minHeight: 44 }}>
        {t('documents.my.back')}
      </Button>
      {body}
    </Container>
  );
}
