import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useElementWidth } from '../signing/use-element-width';
import { usePinch, type PinchOrigin } from './use-pinch';
import { ZoomControls } from './zoom-controls';
import { clampScale, scaleOf, zoomedIn, zoomedOut, type Zoom } from './zoom';

/** Gap around the document inside the box, px. */
export const ZOOM_BOX_GAP = 12;

export interface ZoomBoxProps {
  /** The document's name: the box's accessible name. */
  label: string;
  /** CSS px tall, or `'fill'` to take the height its flex-column parent leaves. */
  height: number | 'fill';
  /** The document's width at 100 %, px; null until it is known (the box then shows it at `'auto'`). */
  naturalWidth: number | null;
  /**
   * The zoom it opens at, and goes back to when Fit to width is tapped again: `'auto'` (100 % shrunk
   * to the box, for a picture) unless given; 1 for a PDF, whose text is only readable at 100 %.
   */
  initialZoom?: Zoom;
  /**
   * Draws the document `width` CSS px wide: its scale times `naturalWidth`, or the room the box has
   * before that is known (0 before the box is laid out).
   */
  children: (width: number, scale: number) => ReactNode;
}

/** Where the point under the pinch, or the view's top-left corner, should stay once the new scale is drawn. */
interface Anchor {
  ratio: number;
  origin: PinchOrigin;
  scrollLeft: number;
  scrollTop: number;
}

/**
 * A scrolling box that shows a document at a zoom the member picks (docs/product.md#documents, viewers):
 * the zoom toolbar above it, pinch zoom inside it, and the point being zoomed on kept in view. It opens
 * at `initialZoom`; a document wider than the box scrolls sideways (one finger pans, two pinch), and
 * Fit to width toggles between the width of the box and that first zoom. Focusable, so a keyboard
 * scrolls it.
 */
export function ZoomBox({ label, height, naturalWidth, initialZoom = 'auto', children }: ZoomBoxProps) {
  const boxRef = useRef<HTMLDivElement>(null);
  const contentRef = useRef<HTMLDivElement>(null);
  const boxWidth = useElementWidth(boxRef);
  const [zoom, setZoom] = useState<Zoom>(initialZoom);
  const anchor = useRef<Anchor | null>(null);

  const available = Math.max(boxWidth - 2 * ZOOM_BOX_GAP, 0);
  const scale = scaleOf(zoom, available, naturalWidth);
  const width = naturalWidth ? naturalWidth * scale : available;

  const zoomTo = (next: Zoom, origin?: PinchOrigin) => {
    const box = boxRef.current;
    const nextScale = scaleOf(next, available, naturalWidth);
    // Before the natural width is known nothing is drawn at a scale, so there is nothing to hold.
    if (box && naturalWidth && nextScale !== scale) {
      anchor.current = {
        ratio: nextScale / scale,
        // The buttons keep the top-left of the view: lines start at the left, and the middle of a page
        // zoomed from its top is often blank.
        origin: origin ?? { x: 0, y: 0 },
        scrollLeft: box.scrollLeft,
        scrollTop: box.scrollTop,
      };
    }
    setZoom(next);
  };

  // After the document is drawn at the new width (its children's effects run first), scroll so the
  // anchored point is where it was; the gap does not scale, which a few pixels off hides.
  useEffect(() => {
    const box = boxRef.current;
    const held = anchor.current;
    if (!box || !held) return;
    anchor.current = null;
    box.scrollLeft = (held.scrollLeft + held.origin.x) * held.ratio - held.origin.x;
    box.scrollTop = (held.scrollTop + held.origin.y) * held.ratio - held.origin.y;
  }, [width]);

  const preview = (ratio: number, origin: PinchOrigin) => {
    const content = contentRef.current;
    const box = boxRef.current;
    if (!content || !box) return;
    // A cheap stretch while the fingers move; the document is drawn again at the end.
    const clamped = clampScale(scale * ratio) / scale;
    content.style.transformOrigin = `${box.scrollLeft + origin.x}px ${box.scrollTop + origin.y}px`;
    content.style.transform = `scale(${clamped})`;
  };
  usePinch(boxRef, {
    onPinch: preview,
    onPinchEnd: (ratio, origin) => {
      if (contentRef.current) contentRef.current.style.transform = '';
      zoomTo(clampScale(scale * ratio), origin);
    },
  });

  const larger = zoomedIn(scale);
  const smaller = zoomedOut(scale);
  const fill = height === 'fill';

  return (
    <Stack spacing={0.5} sx={fill ? { flex: 1, minHeight: 0 } : undefined}>
      <ZoomControls
        label={label}
        scale={scale}
        onZoomIn={larger === null ? null : () => zoomTo(larger)}
        onZoomOut={smaller === null ? null : () => zoomTo(smaller)}
        fitted={zoom === 'fit'}
        onFitWidth={() => zoomTo(zoom === 'fit' ? initialZoom : 'fit')}
      />
      <Box
        ref={boxRef}
        role="region"
        aria-label={label}
        tabIndex={0}
        sx={{
          ...(fill ? { flex: 1, minHeight: 0 } : { height }),
          overflow: 'auto',
          // One finger scrolls; two are the viewer's pinch, not the page's zoom.
          touchAction: 'pan-x pan-y',
          overscrollBehavior: 'contain',
          // Filling a dialog, its edges are the dialog's.
          border: fill ? 0 : 1,
          borderColor: 'divider',
          borderRadius: fill ? 0 : 1,
          bgcolor: (theme) => theme.palette.grey[theme.palette.mode === 'dark' ? 800 : 200],
          '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineStyle: 'solid' },
          // On paper every page, one under the other, not the part the box shows (docs/product.md#printing).
          '@media print': { height: 'auto', overflow: 'visible', border: 0, bgcolor: 'transparent' },
        }}
      >
        {/* min-width: the content grows past the box when zoomed in, and then scrolls sideways. */}
        <Box ref={contentRef} sx={{ p: `${ZOOM_BOX_GAP}px`, minWidth: 'min-content' }}>
          {children(width, scale)}
        </Box>
      </Box>
    </Stack>
  );
}
