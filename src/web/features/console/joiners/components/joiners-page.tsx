import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Container from '@mui/material/Container';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import type { ConsoleMe } from '@shared/api/console/shared.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { useJoiners } from '@web/features/console/shared/api/get-joiners';
import { InvitationDialog } from '@web/features/console/shared/components/invitation-dialog';
import { InviteForm, type Invited } from '@web/features/console/shared/components/invite-form';
import { JoinersBoard } from './joiners-board';

/**
 * Joiners (docs/product.md#joiners): "Invite a joiner" to one of the caller's venues, the link shown
 * once it is made (with what to do when the email could not go), then the board of joiners by stage
 * with how long each has waited, and a new link or a revoked one for those still on their way.
 */
export function JoinersPage({ consoleMe }: { consoleMe: ConsoleMe }) {
  const joiners = useJoiners();
  const [invited, setInvited] = useState<{ invited: Invited; open: boolean } | null>(null);
  const inviteId = useId();
  const boardId = useId();
  const show = (next: Invited) => setInvited({ invited: next, open: true });

  let board;
  if (joiners.isError) {
    board = <QueryErrorAlert error={joiners.error} onRetry={() => void joiners.refetch()} />;
  } else if (!joiners.data) {
    board = <Spinner />;
  } else if (joiners.data.length === 0) {
    board = (
      <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }}>
        <Typography sx={{ fontWeight: 600 }}>No joiners yet</Typography>
        <Typography color="text.secondary">Invite someone above and you can follow them here, step by step.</Typography>
      </Paper>
    );
  } else {
    board = <JoinersBoard joiners={joiners.data} onUnsent={show} />;
  }

  return (
    <Container maxWidth="xl" sx={{ py: { xs: 3, sm: 4 } }}>
      <Stack spacing={{ xs: 2, sm: 3 }}>
        <Typography component="h1" variant="h1">
          Joiners
        </Typography>
        <Card component="section" aria-labelledby={inviteId}>
          <CardContent>
            <Typography id={inviteId} component="h2" variant="h2" sx={{ mb: 0.5 }}>
              Invite a joiner
            </Typography>
            <Typography color="text.secondary" sx={{ mb: 2 }}>
              We email them a link to fill in their details, sign their contract and set a password.
            </Typography>
            <InviteForm venues={consoleMe.venues} onInvited={show} />
          </CardContent>
        </Card>
        <Stack component="section" aria-labelledby={boardId} spacing={1.5}>
          <Typography id={boardId} component="h2" variant="h2">
            Onboarding
          </Typography>
          {board}
        </Stack>
      </Stack>
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
