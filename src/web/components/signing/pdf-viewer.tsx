import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useRef, useState } from 'react';
import { Document, Page, pdfjs } from 'react-pdf';
import { Spinner } from '../ui/spinner';
import { PDF_VIEWER_HEIGHT_PX } from './pdf-viewer-size';
import { useElementWidth } from './use-element-width';

// The worker is a file of this build (the CSP allows no CDN); this module is only ever imported
// lazily, so pdf.js and its worker load on PDF screens only.
// The legacy build, like the library itself (see vite.config.ts), so older phones can run it.
pdfjs.GlobalWorkerOptions.workerSrc = new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url).toString();

/** Gap between pages and around them, px. */
const GAP = 12;

export interface PdfViewerProps {
  /** Same-origin address of the PDF, e.g. /api/staff/agreement/<token>/pdf. */
  url: string;
  /** The document's name, for the viewer's accessible name. */
  title: string;
}

/**
 * A PDF shown with pdf.js (docs/product.md#documents contract and agreement pages, zoom 100 and height 500 px):
 * every page, one under the other, in a scrolling box. Pages show at 100% and shrink to the
 * box's width on narrow screens. Text and annotation layers are left out: the document is for
 * reading and a link under it opens the PDF itself.
 */
export default function PdfViewer({ url, title }: PdfViewerProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const boxWidth = useElementWidth(boxRef);
  const [pages, setPages] = useState(0);
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);

  const available = Math.max(boxWidth - 2 * GAP, 0);
  const pageWidth = naturalWidth === null ? available : Math.min(available, naturalWidth);

  return (
    <Stack spacing={1}>
      <Box
        ref={boxRef}
        role="region"
        aria-label={title}
        tabIndex={0}
        sx={{
          height: PDF_VIEWER_HEIGHT_PX,
          overflow: 'auto',
          border: 1,
          borderColor: 'divider',
          borderRadius: 1,
          bgcolor: 'grey.200',
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
        }}
      >
        {available > 0 && (
          <Document
            file={url}
            onLoadSuccess={(document) => setPages(document.numPages)}
            loading={<Spinner minHeight={PDF_VIEWER_HEIGHT_PX - 2} />}
            error={
              <Box sx={{ p: 2 }}>
                <Alert severity="error">This document could not be shown here. Use the link below to open it.</Alert>
              </Box>
            }
          >
            <Stack spacing={`${GAP}px`} sx={{ alignItems: 'center', p: `${GAP}px` }}>
              {Array.from({ length: pages }, (_, index) => (
                <Box key={index} sx={{ boxShadow: 1, bgcolor: 'common.white', lineHeight: 0 }}>
                  <Page
                    pageNumber={index + 1}
                    width={pageWidth}
                    renderTextLayer={false}
                    renderAnnotationLayer={false}
                    loading={<Box sx={{ width: pageWidth, height: pageWidth * 1.414 }} />}
                    onLoadSuccess={index === 0 ? (page) => setNaturalWidth(page.originalWidth) : undefined}
                  />
                </Box>
              ))}
            </Stack>
          </Document>
        )}
      </Box>
      <Link href={url} target="_blank" rel="noopener" variant="body2" sx={{ alignSelf: 'flex-end' }}>
        Open the PDF in a new tab
      </Link>
    </Stack>
  );
}
