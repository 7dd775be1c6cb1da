import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useDiscountT } from '../i18n';

/**
 * What Team Discount shows to a member without a selfie (docs/product.md#team-discount): the message, why the picture
 * is needed, and 'Update my picture', which opens the Profile Picture modal.
 */
export function SelfieRequiredPrompt({ onUpdatePicture }: { onUpdatePicture: () => void }) {
  const t = useDiscountT();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {t('discount.selfie.required')}
      </Alert>
      <Typography color="text.secondary">{t('discount.selfie.why')}</Typography>
      <Button variant="contained" startIcon={<AddAPhotoIcon />} onClick={onUpdatePicture}>
        {t('discount.selfie.update')}
      </Button>
    </Stack>
  );
}
