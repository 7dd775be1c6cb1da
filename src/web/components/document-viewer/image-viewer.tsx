import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { useState } from 'react';
import { useViewerT } from './i18n';
import { ZoomBox } from './zoom-box';

export interface ImageViewerProps {
  /** Same-origin address of the image. */
  src: string;
  /** The document's name: the image's text alternative and the box's name. */
  title: string;
  /** CSS px tall, or `'fill'` (the default, as in the viewer dialog) for the height a flex column leaves. */
  height?: number | 'fill';
}

/**
 * A picture of a document (a photographed certificate) with the same zoom as the PDF viewer: shown at
 * 100 % and shrunk to the box on narrow screens, zoomed with the toolbar or a pinch.
 */
export default function ImageViewer({ src, title, height = 'fill' }: ImageViewerProps) {
  const [naturalWidth, setNaturalWidth] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const t = useViewerT();

  if (failed) return <Alert severity="error">{t('viewer.imageFailed')}</Alert>;
  return (
    <ZoomBox label={title} height={height} naturalWidth={naturalWidth}>
      {(width) => (
        <Box
          component="img"
          src={src}
          alt={title}
          onLoad={(event) => setNaturalWidth(event.currentTarget.naturalWidth)}
          onError={() => setFailed(true)}
          // Until its size is known, CSS gives the same 100 % shrunk to the box.
          sx={{ display: 'block', mx: 'auto', boxShadow: 1, ...(naturalWidth ? { width } : { maxWidth: '100%' }) }}
        />
      )}
    </ZoomBox>
  );
}
