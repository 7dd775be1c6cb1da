import AddAPhotoIcon from '@mui/icons-material/AddAPhoto';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SELFIE_REQUIRED_MESSAGE } from '@shared/team-discount-messages.js';

/**
 * What Team Discount shows to a member without a selfie (docs/product.md#team-discount): the message, why the picture
 * is needed, and 'Update my picture', which opens the Profile Picture modal.
 */
export function SelfieRequiredPrompt({ onUpdatePicture }: { onUpdatePicture: () => void }) {
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
        {SELFIE_REQUIRED_MESSAGE}
      </Alert>
      <Typography color="text.secondary">
        Your picture is shown on your team discount card so the team at the till can check that it is you.
      </Typography>
      <Button variant="contained" startIcon={<AddAPhotoIcon />} onClick={onUpdatePicture}>
        Update my picture
      </Button>
    </Stack>
  );
}
