import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * The selfie guidelines (docs/product.md#my-details): good lighting, in focus, and it must be you, alone; otherwise
 * team discount access is lost.
 */
export function PictureGuidelines() {
  return (
    <Box>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        Your picture is shown on your team discount card. Before you take it:
      </Typography>
      <Box component="ul" sx={{ pl: 2.5, my: 1, typography: 'body2' }}>
        <li>Find somewhere with good lighting, facing the light.</li>
        <li>Make sure the picture is in focus and your face is clear.</li>
        <li>
          The picture must be of you, and you must be alone in it. If it is not, you will lose access to team discount.
        </li>
      </Box>
    </Box>
  );
}
