import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import type { DocumentViewerDialogProps } from './document-viewer-dialog';
import { useViewerT } from './i18n';

// The dialog, the zoom and (for a PDF) pdf.js arrive only when a document is opened: nothing of them
// joins the first load of the screen that offers it.
const DocumentViewerDialog = lazy(() => import('./document-viewer-dialog'));

/**
 * The in-app document viewer (document-viewer-dialog.tsx), fetched the first time it opens, with a
 * spinner over the page meanwhile. Renders nothing until then.
 */
export function LazyDocumentViewer(props: DocumentViewerDialogProps) {
  const t = useViewerT();
  return (
    <Suspense
      fallback={
        <Backdrop open={props.open} sx={{ zIndex: (theme) => theme.zIndex.modal }}>
          <CircularProgress aria-label={t('viewer.loading')} color="inherit" />
        </Backdrop>
      }
    >
      <DocumentViewerDialog {...props} />
    </Suspense>
  );
}
