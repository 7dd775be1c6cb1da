import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import { PRODUCT_SHORT_NAME } from '@shared/constants.js';
import { StepHeading } from './step-heading';

/**
 * The last step (docs/product.md#onboarding onboarding complete): 'Almost done!', the initial training email to come,
 * that it is paid and that rotas wait for it; the joiner can sign in already.
 */
export function CompleteStep() {
  return (
    <Stack spacing={2} sx={{ textAlign: 'center', alignItems: 'center' }}>
      <StepHeading>Almost done!</StepHeading>
      <Typography>You will soon receive an email asking you to complete your initial training.</Typography>
      <Typography>The training is paid, and you cannot be added to any rotas until you have completed it.</Typography>
      <Button component={RouterLink} to="/login" variant="contained" size="large" sx={{ mt: 1 }}>
        {`Sign in to ${PRODUCT_SHORT_NAME}`}
      </Button>
    </Stack>
  );
}
