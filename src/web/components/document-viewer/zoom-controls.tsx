import FitWidthIcon from '@mui/icons-material/FitScreen';
import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactElement } from 'react';
import { useLocale } from '@web/i18n/i18n';
import { useViewerT } from './i18n';
import { percentOf } from './zoom';

export interface ZoomControlsProps {
  /** The scale shown now (1 = 100 %). */
  scale: number;
  /** Null when there is no larger step. */
  onZoomIn: (() => void) | null;
  /** Null when there is no smaller step. */
  onZoomOut: (() => void) | null;
  /** Tapped: fits the width, or, when `fitted`, goes back to the zoom the document opened at. */
  onFitWidth: () => void;
  /** Whether the document is fitted to the width now: Fit to width shows pressed. */
  fitted: boolean;
  /** What is being zoomed, for the toolbar's name ('Zoom: <label>'). */
  label: string;
}

/** 44 px: the target size a phone needs (WCAG 2.5.8 asks 24; the app's buttons are 44 tall on phones). */
const TARGET = 44;

function ZoomButton({ label, onClick, icon }: { label: string; onClick: (() => void) | null; icon: ReactElement }) {
  const button = (
    <IconButton
      aria-label={label}
      onClick={onClick ?? undefined}
      disabled={!onClick}
      sx={{ width: TARGET, height: TARGET }}
    >
      {icon}
    </IconButton>
  );
  // A disabled button fires no events for the tooltip to hear: the span does.
  return (
    <Tooltip title={label} describeChild>
      <span>{button}</span>
    </Tooltip>
  );
}

/**
 * The viewers' zoom toolbar (docs/product.md#documents): 'Zoom out' and 'Zoom in' icon buttons round the
 * scale as a percentage (announced as it changes), and 'Fit to width', a toggle. Every target is 44 px tall.
 */
export function ZoomControls({ scale, onZoomIn, onZoomOut, onFitWidth, fitted, label }: ZoomControlsProps) {
  const t = useViewerT();
  const locale = useLocale();
  return (
    <Stack
      direction="row"
      role="toolbar"
      aria-label={t('viewer.zoom.toolbar', { label })}
      sx={{ alignItems: 'center', justifyContent: 'center', gap: 0.5, displayPrint: 'none' }}
    >
      <ZoomButton label={t('viewer.zoom.out')} onClick={onZoomOut} icon={<ZoomOutIcon />} />
      <Typography
        variant="body2"
        role="status"
        sx={{ minWidth: '4.5ch', textAlign: 'center', fontVariantNumeric: 'tabular-nums' }}
      >
        {percentOf(scale, locale)}
      </Typography>
      <ZoomButton label={t('viewer.zoom.in')} onClick={onZoomIn} icon={<ZoomInIcon />} />
      {/* Words, not an icon alone: no icon says "fit to width" to everyone. */}
      <Button
        onClick={onFitWidth}
        aria-pressed={fitted}
        variant={fitted ? 'contained' : 'text'}
        disableElevation
        startIcon={<FitWidthIcon />}
        sx={{ minHeight: TARGET, ml: 1 }}
      >
        {t('viewer.fitWidth')}
      </Button>
    </Stack>
  );
}
