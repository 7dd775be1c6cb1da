import ScheduleIcon from '@mui/icons-material/Schedule';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'wouter';
import type { Joiner } from '@shared/api/console/joiners.js';
import { formatDisplayDate } from '@web/lib/format-date';
import { waitingText } from '@web/features/console/shared/lib/joiners-board';
import type { Invited } from '@web/features/console/shared/components/invite-form';
import { OnboardingLinkActions, onTheirWay } from '@web/features/console/shared/components/onboarding-link-actions';

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
  const waiting = onTheirWay(joiner.stage);
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
          <Stack
            direction="row"
            spacing={0.5}
            sx={{
              alignItems: 'center',
              color: waiting && joiner.waiting_days >= 7 ? 'warning.dark' : 'text.secondary',
            }}
          >
            <ScheduleIcon sx={{ fontSize: 16 }} aria-hidden />
            <Typography variant="body2" color="inherit">
              {waitingText(joiner)}
            </Typography>
          </Stack>
          {waiting && (
            <Typography variant="caption" color="text.secondary">
              Link works until {formatDisplayDate(joiner.link_expires_at)}
            </Typography>
          )}
        </Stack>
        <Stack sx={{ mt: 1, '&:empty': { display: 'none' } }}>
          <OnboardingLinkActions joiner={joiner} stage={joiner.stage} onUnsent={onUnsent} />
        </Stack>
      </CardContent>
    </Card>
  );
}
