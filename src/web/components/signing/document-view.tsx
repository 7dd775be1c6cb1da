import Alert from '@mui/material/Alert';
import { HtmlDocument } from './html-document';
import { useSigningT } from './i18n';
import { LazyPdfViewer } from './lazy-pdf-viewer';

export interface DocumentViewProps {
  /** Address of the PDF when the document is one; it wins over `html`. */
  pdfUrl: string | null;
  /** The document's sanitised HTML when there is no PDF. */
  html: string | null;
  /** The document's name. */
  title: string;
}

/**
 * A contract or agreement to read (docs/product.md#documents): the PDF viewer when there is a PDF, otherwise the
 * HTML in a scrollable box; a note when the server sent neither.
 */
export function DocumentView({ pdfUrl, html, title }: DocumentViewProps) {
  const t = useSigningT();
  if (pdfUrl) return <LazyPdfViewer url={pdfUrl} title={title} />;
  if (html) return <HtmlDocument html={html} title={title} />;
  return <Alert severity="info">{t('signing.unavailable')}</Alert>;
}
