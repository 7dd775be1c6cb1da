import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { LazyPdfViewer } from '../signing/lazy-pdf-viewer';
import { documentKind } from './document-file';
import { useViewerT } from './i18n';
import ImageViewer from './image-viewer';

export interface InlineDocumentProps {
  /** Same-origin address that shows the file inline (the console's signed address). */
  src: string;
  /** The name it was stored under: which viewer shows it, and the name a download saves it as. */
  filename: string;
  /** The document's name: the viewer's accessible name. */
  title: string;
  /** CSS px tall. */
  height: number;
  /** More buttons beside Download (a larger view). */
  actions?: ReactNode;
}

/**
 * A stored PDF or picture shown in the page rather than in the viewer dialog (document-viewer-dialog.tsx),
 * with the same zoom toolbar and pinch, at a fixed height, and a Download link under it: the HR
 * console's insurance queue shows each document beside the vehicle it covers. pdf.js still loads only
 * when a PDF is shown (LazyPdfViewer); any other kind of file offers Download only.
 */
export function InlineDocument({ src, filename, title, height, actions }: InlineDocumentProps) {
  const kind = documentKind(filename);
  const t = useViewerT();
  return (
    <Stack spacing={1}>
      {kind === 'pdf' && <LazyPdfViewer url={src} title={title} height={height} openLink={false} />}
      {kind === 'image' && <ImageViewer src={src} title={title} height={height} />}
      {kind === 'other' && <Alert severity="info">{t('viewer.cannotShow')}</Alert>}
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, justifyContent: 'flex-end' }}>
        {actions}
        <Button component="a" href={src} download={filename} variant="text" startIcon={<DownloadIcon />}>
          {t('viewer.download')}
        </Button>
      </Stack>
    </Stack>
  );
}
