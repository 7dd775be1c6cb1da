import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';

/**
 * The two centred welcome paragraphs above the details form (docs/product.md#onboarding onboarding details form;
 * the company is called 'the company').
 */
export function WelcomeText() {
  return (
    <Stack spacing={1.5} sx={{ textAlign: 'center' }}>
      <Typography>
        We are delighted that you are joining the company! Before you start, we need a few additional bits of
        information from you.
      </Typography>
      <Typography>If you have any questions, please speak to your manager.</Typography>
    </Stack>
  );
}
