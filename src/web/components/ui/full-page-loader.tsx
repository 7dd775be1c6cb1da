import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useCommonUiT } from './i18n';

/** Layer of the full-page loader (docs/product.md#constants): above MUI modals (1300) so nothing can be clicked. */
export const FULL_PAGE_LOADER_Z_INDEX = 1301;

export interface FullPageLoaderProps {
  open?: boolean;
  /** Accessible name of the indicator; 'Loading' when not given. */
  label?: string;
  /** Text shown under the indicator, e.g. "Signing you in…". */
  message?: string;
}

/**
 * A loader covering the whole page while something the whole page depends on completes. It is
 * opaque: a half-visible form behind it would invite clicks that cannot work yet.
 */
export function FullPageLoader({ open = true, label, message }: FullPageLoaderProps) {
  const t = useCommonUiT();
  return (
    <Backdrop open={open} sx={{ zIndex: FULL_PAGE_LOADER_Z_INDEX, bgcolor: 'background.default' }}>
      <Stack spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress aria-label={label ?? t('common.ui.loading')} />
        {message && <Typography color="text.secondary">{message}</Typography>}
      </Stack>
    </Backdrop>
  );
}
