import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useCommonUiT } from './i18n';

/** A spinner centred in the space it is given, announced as "Loading". */
export function Spinner({ minHeight = 240 }: { minHeight?: number | string }) {
  const t = useCommonUiT();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight, width: '100%' }}>
      <CircularProgress aria-label={t('common.ui.loading')} />
    </Box>
  );
}
