import CloseIcon from '@mui/icons-material/Close';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useId } from 'react';
import { LazyPdfViewer } from '../signing/lazy-pdf-viewer';
import { documentKind, fileDownloadPath, fileViewPath, type DocumentFile } from './document-file';
import { useViewerT } from './i18n';
import ImageViewer from './image-viewer';

export interface DocumentViewerDialogProps {
  open: boolean;
  onClose: () => void;
  /** What the document is ('Insurance document'): the dialog's title. */
  title: string;
  /** A line under the title, such as the vehicle and the file's name. */
  subtitle?: string;
  /** A PDF or an image of the member's (other kinds download instead of opening here). */
  file: DocumentFile;
  /**
   * A same-origin address to show and download the file from instead of the member's own file path:
   * the HR console's signed inline address of someone else's document (docs/product.md#insurance-queue).
   */
  src?: string;
}

/**
 * A stored PDF or picture shown inside the app (docs/product.md#vehicles, 'View document'): full screen on
 * phones, with the title, a close button, the zoom toolbar over the document, and a Download link. The
 * file comes from the stable same-origin path with the member's session, whatever the storage, or
 * from `src` when given (the console's signed address).
 * Default export: loaded on first open (lazy-document-viewer.tsx).
 */
export default function DocumentViewerDialog({ open, onClose, title, subtitle, file, src }: DocumentViewerDialogProps) {
  const titleId = useId();
  const t = useViewerT();
  const subtitleId = useId();
  const theme = useTheme();
  // Read at once (no server rendering here), so a phone never sees the windowed dialog first.
  const fullScreen = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const kind = documentKind(file.original_filename);
  const name = subtitle ? `${title}: ${subtitle}` : title;
  const viewUrl = src ?? fileViewPath(file.id);

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      aria-describedby={subtitle ? subtitleId : undefined}
      fullWidth
      maxWidth="md"
      fullScreen={fullScreen}
      // The document takes whatever height the dialog has; a windowed one is as tall as the screen allows.
      slotProps={{ paper: { sx: fullScreen ? undefined : { height: 'calc(100% - 64px)' } } }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, pl: { xs: 2, sm: 3 }, pr: 1, py: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} component="h2" variant="h6" noWrap>
            {title}
          </Typography>
          {subtitle && (
            <Typography id={subtitleId} variant="body2" color="text.secondary" noWrap>
              {subtitle}
            </Typography>
          )}
        </Box>
        <IconButton aria-label={t('viewer.close')} onClick={onClose} sx={{ width: 48, height: 48 }}>
          <CloseIcon />
        </IconButton>
      </Box>
      <DialogContent dividers sx={{ display: 'flex', flexDirection: 'column', p: 0, pt: 0.5, overflow: 'hidden' }}>
        {kind === 'pdf' && <LazyPdfViewer url={viewUrl} title={name} height="fill" openLink={false} />}
        {kind === 'image' && <ImageViewer src={viewUrl} title={name} />}
      </DialogContent>
      <DialogActions sx={{ px: { xs: 2, sm: 3 }, py: 1.5 }}>
        <Button
          component="a"
          // Same-origin, so `download` saves it, even from the inline signed address.
          href={src ?? fileDownloadPath(file.id)}
          download={file.original_filename}
          variant="outlined"
          startIcon={<DownloadIcon />}
          sx={{ minHeight: 44 }}
        >
          {t('viewer.download')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
