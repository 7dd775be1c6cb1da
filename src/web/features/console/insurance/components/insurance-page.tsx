import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useInsuranceQueue } from '../api/get-insurance-queue';
import { InsuranceItem } from './insurance-item';

/**
 * The insurance queue (docs/product.md#insurance-queue): the insurance documents waiting for a
 * decision within the console's scope, oldest first, each with its vehicle, person and MOT and the
 * document beside them, to approve or reject with a reason. "Nothing waiting" when the queue is empty.
 */
export function InsurancePage() {
  const queue = useInsuranceQueue();
  const theme = useTheme();
  // Read at once (no server rendering here), so a phone never starts drawing documents inline.
  const wide = !useMediaQuery(theme.breakpoints.down('md'), { noSsr: true });

  let content;
  if (queue.isError && !queue.data) {
    content = <QueryErrorAlert error={queue.error} onRetry={() => void queue.refetch()} />;
  } else if (!queue.data) {
    content = <Spinner />;
  } else if (queue.data.length === 0) {
    content = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>Nothing waiting</Typography>
        <Typography color="text.secondary">Insurance documents show here as members add or replace them.</Typography>
      </Paper>
    );
  } else {
    content = (
      <Stack spacing={2}>
        {queue.data.map((item) => (
          // Keyed by the document too: a replaced document is a new decision, with nothing carried over.
          <InsuranceItem key={`${item.vehicle_id}:${item.document.id}`} item={item} wide={wide} />
        ))}
      </Stack>
    );
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <div>
          <Typography component="h1" variant="h1">
            Insurance queue
          </Typography>
          <Typography color="text.secondary" sx={{ mt: 0.5 }}>
            Business insurance documents waiting for a decision, oldest first. The member sees your decision under their
            vehicle.
          </Typography>
        </div>
        {content}
      </Stack>
    </Container>
  );
}
