import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useConsoleMe } from '@web/features/console/shared/api/get-console-me';
import { useVenues } from '@web/features/console/shared/api/get-venues';
import { FieldsetsSection } from './fieldsets-section';
import { PositionsSection } from './positions-section';
import { RemindersSection } from './reminders-section';
import { SignedDocumentsSection } from './signed-documents-section';
import { TillKeysSection } from './till-keys-section';
import { VenuesSection } from './venues-section';

/**
 * Set-up (docs/product.md#set-up): for HR, Venues, Till keys, Positions, Onboarding fieldsets, Reminders and
 * Signed documents; a venue manager sees only the till keys of the venues they manage (the server lists
 * only those). One column of cards, so it fits a phone.
 */
export function SetupPage() {
  const me = useConsoleMe();
  const venues = useVenues();
  const hr = me.data?.role === 'hr';

  let venueSections;
  if (venues.isError) venueSections = <QueryErrorAlert error={venues.error} onRetry={() => void venues.refetch()} />;
  else if (!venues.data) venueSections = <Spinner />;
  else {
    venueSections = (
      <>
        {hr && <VenuesSection venues={venues.data} />}
        <TillKeysSection venues={venues.data} />
      </>
    );
  }

  return (
    <Container maxWidth="md" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Typography component="h1" variant="h1">
          Set-up
        </Typography>
        {!hr && (
          <Typography color="text.secondary">
            Till keys of the venues you manage. HR looks after venues, positions and onboarding forms.
          </Typography>
        )}
        {venueSections}
        {hr && <PositionsSection />}
        {hr && <FieldsetsSection />}
        {hr && <RemindersSection />}
        {hr && <SignedDocumentsSection />}
      </Stack>
    </Container>
  );
}
