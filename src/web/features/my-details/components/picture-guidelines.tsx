import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useDetailsT } from '../i18n';

/**
 * The selfie guidelines (docs/product.md#my-details): good lighting, in focus, and it must be you, alone; otherwise
 * team discount access is lost.
 */
export function PictureGuidelines() {
  const t = useDetailsT();
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {t('details.picture.guidelines.intro')}
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, typography: 'body2' }}>
        <li>{t('details.picture.guidelines.light')}</li>
        <li>{t('details.picture.guidelines.focus')}</li>
        <li>{t('details.picture.guidelines.alone')}</li>
      </Box>
    </Box>
  );
}
