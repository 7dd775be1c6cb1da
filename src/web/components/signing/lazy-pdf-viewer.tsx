import { lazy, Suspense } from 'react';
import { Spinner } from '../ui/spinner';
import { PDF_VIEWER_HEIGHT_PX } from './pdf-viewer-size';
import type { PdfViewerProps } from './pdf-viewer';

// pdf.js and its 1.3 MB worker arrive only when a PDF is actually shown.
const PdfViewer = lazy(() => import('./pdf-viewer'));

/** The PDF viewer (see pdf-viewer.tsx), fetched on first use with a spinner of its height meanwhile. */
export function LazyPdfViewer(props: PdfViewerProps) {
  return (
    <Suspense fallback={<Spinner minHeight={PDF_VIEWER_HEIGHT_PX} />}>
      <PdfViewer {...props} />
    </Suspense>
  );
}
