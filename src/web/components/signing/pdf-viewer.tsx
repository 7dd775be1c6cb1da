import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { ZoomBox } from '../document-viewer/zoom-box';
import { canvasPixelRatio } from '../document-viewer/zoom';
import { Spinner } from '../ui/spinner';
import { useSigningT } from './i18n';
import { PDF_VIEWER_HEIGHT_PX } from './pdf-viewer-size';

// The worker is a file of this build (the CSP allows no CDN); this module is only ever imported
// lazily, so pdf.js and its worker load on PDF screens only.
// The legacy build, like the library itself (see vite.config.ts), so older phones can run it.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Gap between pages, px. */
const GAP = 12;
/** An A4 page's height over its width, for the space a page takes before it is drawn. */
const A4_ASPECT = 1.414;

export interface PdfViewerProps {
  /** Same-origin address of the PDF, e.g. /api/staff/agreement/<token>/pdf. */
  url: string;
  /** The document's name, for the viewer's accessible name. */
  title: string;
  /** CSS px tall (the specification's 500 by default), or `'fill'` for the height a flex column leaves. */
  height?: number | 'fill';
  /** The 'Open the PDF in a new tab' link under it; off where the page offers its own (a Download link). */
  openLink?: boolean;
}

/**
 * A PDF shown with pdf.js (docs/product.md#documents contract and agreement pages, zoom 100 and height 500 px):
 * every page, one under the other, in a scrolling box with the zoom toolbar (zoom out, zoom in, fit to
 * width) and pinch zoom. Pages open at 100 % (a point of the PDF is a CSS pixel), even on a phone, where
 * a page fitted to 390 px would show 9-point text at 5: the member pans sideways, or taps Fit to width. Text and
 * annotation layers are left out: the document is for reading and a link under it opens the PDF itself.
 */
export default function PdfViewer({ url, title, height = PDF_VIEWER_HEIGHT_PX, openLink = true }: PdfViewerProps) {
  const [pages, setPages] = useState(0);
  const [natural, setNatural] = useState<{ width: number; height: number } | null>(null);
  const fill = height === 'fill';
  const t = useSigningT();

  return (
    <Stack spacing={1} sx={fill ? { flex: 1, minHeight: 0 } : undefined}>
      <ZoomBox label={title} height={height} naturalWidth={natural?.width ?? null} initialZoom={1}>
        {(pageWidth) => {
          // Nothing to draw into before the box is laid out.
          if (pageWidth <= 0) return null;
          const pageHeight = pageWidth * (natural ? natural.height / natural.width : A4_ASPECT);
          return (
            <Document
              file={url}
              onLoadSuccess={(document) => setPages(document.numPages)}
              loading={<Spinner minHeight={fill ? 240 : PDF_VIEWER_HEIGHT_PX - 2 - 2 * GAP} />}
              error={<Alert severity="error">{t('signing.pdfFailed')}</Alert>}
            >
              <Stack spacing={`${GAP}px`} sx={{ alignItems: 'center' }}>
                {Array.from({ length: pages }, (_, index) => (
                  <Box key={index} sx={{ boxShadow: 1, bgcolor: 'common.white', lineHeight: 0 }}>
                    <Page
                      pageNumber={index + 1}
                      width={pageWidth}
                      devicePixelRatio={canvasPixelRatio(pageWidth, pageHeight, window.devicePixelRatio || 1)}
                      renderTextLayer={false}
                      renderAnnotationLayer={false}
                      loading={<Box sx={{ width: pageWidth, height: pageHeight }} />}
                      onLoadSuccess={
                        index === 0
                          ? (page) =>
                              setNatural((known) => known ?? { width: page.originalWidth, height: page.originalHeight })
                          : undefined
                      }
                    />
                  </Box>
                ))}
              </Stack>
            </Document>
          );
        }}
      </ZoomBox>
      {openLink && (
        <Link
          href={url}
          target="_blank"
          rel="noopener"
          variant="body2"
          sx={{ alignSelf: 'flex-end', displayPrint: 'none' }}
        >
          {t('signing.openPdf')}
        </Link>
      )}
    </Stack>
  );
}
