import LinkOffIcon from '@mui/icons-material/LinkOff';
import ScheduleIcon from '@mui/icons-material/Schedule';
import SendIcon from '@mui/icons-material/Send';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'wouter';
import type { Joiner } from '@shared/api/admin.js';
import { ModalDialog } from '@web/components/ui/modal-dialog';
import { errorText } from '@web/lib/error-text';
import { formatDisplayDate } from '@web/lib/format-date';
import { showNotification } from '@web/stores/notification-store';
import { useResendJoinerLink } from '../api/resend-joiner-link';
import { useRevokeJoinerLink } from '../api/revoke-joiner-link';
import { waitingText } from '../lib/joiners-board';
import type { Invited } from './invite-form';

/** The address of a person's page. */
const personHref = (id: string) => `/admin/people/${encodeURIComponent(id)}`;

export interface JoinerCardProps {
  joiner: Joiner;
  /** A new link was made but not emailed: the page shows it to hand over. */
  onUnsent: (invited: Invited) => void;
}

/**
 * One joiner on the board (docs/product.md#joiners): their name (to their page), email, venue and
 * position, start date and how long they have waited. Someone still on their way can be sent a new
 * link (the old one stops working) or have theirs revoked after a confirmation; an expired link can be
 * sent again; the finished need nothing. Each action shows progress, then a notice; the board refreshes.
 */
export function JoinerCard({ joiner, onUnsent }: JoinerCardProps) {
  const [confirming, setConfirming] = useState(false);
  const resend = useResendJoinerLink();
  const revoke = useRevokeJoinerLink();
  const onTheirWay = joiner.stage === 'details' || joiner.stage === 'contract' || joiner.stage === 'password';

  const sendAgain = () =>
    resend.mutate(
      { id: joiner.id },
      {
        onSuccess: (invitation) => {
          if (invitation.mail_problem) onUnsent({ name: joiner.name, email: joiner.email_address, invitation });
          else showNotification({ severity: 'success', message: `A new link has been sent to ${joiner.name}.` });
        },
        onError: (error) => showNotification({ severity: 'error', message: errorText(error) }),
      },
    );

  const openConfirm = () => {
    revoke.reset();
    setConfirming(true);
  };

  const confirmRevoke = () =>
    revoke.mutate(
      { id: joiner.id },
      {
        onSuccess: () => {
          setConfirming(false);
          showNotification({ severity: 'success', message: `${joiner.name}'s link no longer works.` });
        },
      },
    );

  const details = [joiner.venue, joiner.position].filter(Boolean).join(' · ');
  return (
    <Card variant="outlined" component="article" aria-label={joiner.name}>
      <CardContent sx={{ '&:last-child': { pb: 1.5 }, p: 1.5 }}>
        <Stack spacing={0.5}>
          <Link component={RouterLink} href={personHref(joiner.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
            {joiner.name}
          </Link>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {joiner.email_address}
          </Typography>
          {details && <Typography variant="body2">{details}</Typography>}
          {joiner.start_date && <Typography variant="body2">Starts {formatDisplayDate(joiner.start_date)}</Typography>}
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', color: onTheirWay && joiner.waiting_days >= 7 ? 'warning.dark' : 'text.secondary' }}>
            <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden />
            <Typography variant="body2" color="inherit">
              {waitingText(joiner)}
            </Typography>
          </Stack>
          {onTheirWay && (
            <Typography variant="caption" color="text.secondary">
              Link works until {formatDisplayDate(joiner.link_expires_at)}
            </Typography>
          )}
        </Stack>
        {(onTheirWay || joiner.stage === 'expired') && (
          <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 1, mt: 1, ml: -1 }}>
            <Button size="small" startIcon={<SendIcon />} loading={resend.isPending} loadingPosition="start" onClick={sendAgain}>
              Send link again
            </Button>
            {onTheirWay && (
              <Button size="small" color="error" startIcon={<LinkOffIcon />} onClick={openConfirm}>
                Revoke link
              </Button>
            )}
          </Stack>
        )}
      </CardContent>

      {onTheirWay && (
        <ModalDialog open={confirming} title="Revoke link?" onClose={() => setConfirming(false)} onSave={confirmRevoke} saveLabel="Revoke link" saving={revoke.isPending}>
          <Stack spacing={2}>
            <Typography>
              The onboarding link sent to {joiner.name} ({joiner.email_address}) stops working at once. What they have done so far is
              kept, and you can send them a new link.
            </Typography>
            {revoke.isError && (
              <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
                {errorText(revoke.error)}
              </Alert>
            )}
          </Stack>
        </ModalDialog>
      )}
    </Card>
  );
}
