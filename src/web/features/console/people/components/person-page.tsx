import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Container from '@mui/material/Container';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import type { Person } from '@shared/api/console/people.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { usePerson } from '../api/get-person';
import { LEAVING_REASON_LABELS, leavingText } from '../lib/leaving';
import { ROLE_LABELS } from '../lib/onboarding-stage';
import { peopleListAddress } from '../lib/people-list-address';
import { InvitationDialog } from '@web/features/console/shared/components/invitation-dialog';
import type { Invited } from '@web/features/console/shared/components/invite-form';
import { DetailsCard, DocumentsCard, HistoryCard, OnboardingCard, SurveysCard, VehiclesCard } from './person-details';
import { ErasureCard } from './erasure-card';
import { PersonActions } from './person-actions';
import { RightToWorkCard } from './right-to-work-card';

/**
 * A person's page (docs/product.md#people): their name, a way back to the list as it was, their leaving
 * when one is recorded (docs/product.md#leavers), the actions the console's role allows, for HR on a leaver's
 * page what an erasure on request kept and until when (docs/product.md#erasure-on-request), and cards for their details, onboarding, documents, vehicles, survey
 * answers and history. A person the console may not see answers 404, shown as the error with Try again.
 */
export function PersonPage({ id, consoleMe }: { id: string; consoleMe: ConsoleMe }) {
  const person = usePerson(id);
  const data = person.data;
  // A link sent again that could not be emailed, shown to hand over (as on the Joiners board).
  const [invited, setInvited] = useState<{ invited: Invited; open: boolean } | null>(null);

  return (
    <Container maxWidth="lg" sx={{ py: { xs: 2, sm: 3 } }}>
      <Button component={RouterLink} href={peopleListAddress()} startIcon={<ArrowBackIcon />} sx={{ ml: -1, mb: 1 }}>
        People
      </Button>
      {person.isError ? (
        <QueryErrorAlert error={person.error} onRetry={() => void person.refetch()} />
      ) : !data ? (
        <Spinner minHeight="40vh" />
      ) : (
        <Stack spacing={{ xs: 2, sm: 3 }}>
          <Stack spacing={1}>
            <Typography component="h1" variant="h1" sx={{ overflowWrap: 'anywhere' }}>
              {data.name}
            </Typography>
            <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
              <Typography color="text.secondary">
                {[data.position, data.venue].filter(Boolean).join(' at ') || 'No venue yet'}
              </Typography>
              {data.role && <Chip size="small" color="primary" label={ROLE_LABELS[data.role]} />}
              {data.leaving_date && (
                <Chip
                  size="small"
                  color={data.left ? 'default' : 'warning'}
                  label={`${leavingText(data)}${data.leaving_reason ? ` · ${LEAVING_REASON_LABELS[data.leaving_reason]}` : ''}`}
                />
              )}
            </Stack>
            {data.role === 'manager' && data.venues_managed.length > 0 && (
              <Typography variant="body2" color="text.secondary">
                Manages {data.venues_managed.join(', ')}
              </Typography>
            )}
          </Stack>
          <PersonActions person={data} consoleMe={consoleMe} />
          {data.left && consoleMe.role === 'hr' && <ErasureCard personId={data.id} />}
          <PersonCards person={data} onUnsent={(next) => setInvited({ invited: next, open: true })} />
        </Stack>
      )}
      {invited && (
        <InvitationDialog
          open={invited.open}
          invited={invited.invited}
          onClose={() => setInvited({ ...invited, open: false })}
        />
      )}
    </Container>
  );
}

/**
 * The cards: on wider screens details and documents on the left, onboarding and vehicles on the
 * right, each as tall as its content, history below; on phones one column, onboarding first (what
 * a manager on the floor looks for).
 */
function PersonCards({ person, onUnsent }: { person: Person; onUnsent: (invited: Invited) => void }) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  if (!wide) {
    return (
      <Stack spacing={2}>
        <OnboardingCard person={person} onUnsent={onUnsent} />
        <RightToWorkCard personId={person.id} name={person.name} />
        <DetailsCard person={person} />
        <DocumentsCard person={person} />
        <VehiclesCard person={person} />
        <SurveysCard person={person} />
        <HistoryCard person={person} />
      </Stack>
    );
  }
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Stack spacing={2} sx={{ flex: 7, minWidth: 0 }}>
          <DetailsCard person={person} />
          <DocumentsCard person={person} />
        </Stack>
        <Stack spacing={2} sx={{ flex: 5, minWidth: 0 }}>
          <OnboardingCard person={person} onUnsent={onUnsent} />
          <RightToWorkCard personId={person.id} name={person.name} />
          <VehiclesCard person={person} />
          <SurveysCard person={person} />
        </Stack>
      </Stack>
      <HistoryCard person={person} />
    </Stack>
  );
}
