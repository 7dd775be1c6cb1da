import Alert from '@mui/material/Alert';
import Container from '@mui/material/Container';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'wouter';
import type { StaffMember } from '@shared/api/my-details.js';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { Spinner } from '@web/components/ui/spinner';
import { isNetworkFailure } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';
import { PROFILE_PICTURE_PATH, returnTo } from '@web/lib/profile-picture-link';
import { useDiscountStatus } from '../api/get-discount-status';
import { useDiscountT } from '../i18n';
import { isSelfieRequired } from '../lib/selfie-required';
import { useKeepOfflineCard } from '../lib/use-keep-offline-card';
import { useRefetchAtExpiry } from '../lib/use-refetch-at-expiry';
import { DiscountCard } from './discount-card';
import { OfflineDiscountCard } from './offline-discount-card';
import { SelfieRequiredPrompt } from './selfie-required-prompt';

/** Path of this page, where the picture modal returns to. */
const TEAM_DISCOUNT_PATH = '/team-discount';

/**
 * Team Discount (docs/product.md#team-discount): a spinner while the card loads; without a selfie, the prompt whose
 * 'Update my picture' opens My Details' Profile Picture modal (and comes back here when it closes);
 * without signal, the card kept on this phone (OfflineDiscountCard); other failures in an alert;
 * otherwise the discount card, which is also kept for offline use. The card is asked for again when
 * the member's record changes (a new selfie) and when the code expires.
 */
export function TeamDiscount({ staff }: { staff: StaffMember }) {
  const status = useDiscountStatus(staff);
  const [, navigate] = useLocation();
  const t = useDiscountT();
  useRefetchAtExpiry(status.data?.expires, status.dataUpdatedAt, status.refetch);
  useKeepOfflineCard(status.data, staff.age);
  // No answer at all, or the query waiting for the browser to come back online.
  const offline = isNetworkFailure(status.error) || status.fetchStatus === 'paused';

  let content;
  if (status.isError && isSelfieRequired(status.error)) {
    content = (
      <SelfieRequiredPrompt
        onUpdatePicture={() => navigate(PROFILE_PICTURE_PATH, { state: returnTo(TEAM_DISCOUNT_PATH) })}
      />
    );
  } else if (offline) {
    content = <OfflineDiscountCard onRetry={() => void status.refetch()} />;
  } else if (status.data) {
    content = (
      <Stack spacing={2}>
        {/* A failed refresh keeps the last card on screen, with the reason above it. */}
        {status.isError && (
          <Alert severity="error" sx={{ overflowWrap: 'anywhere' }}>
            {t('discount.refreshFailed', { reason: errorText(status.error) })}
          </Alert>
        )}
        <DiscountCard status={status.data} age={staff.age} />
      </Stack>
    );
  } else if (status.isError) {
    content = <QueryErrorAlert error={status.error} onRetry={() => void status.refetch()} />;
  } else {
    content = <Spinner />;
  }

  return <TeamDiscountPage>{content}</TeamDiscountPage>;
}

/**
 * Team Discount when the frame could not load the staff member for want of signal
 * (docs/product.md#frame): the card kept on this phone; 'Try again' calls `onRetry`.
 */
export function TeamDiscountOffline({ onRetry }: { onRetry: () => void }) {
  return (
    <TeamDiscountPage>
      <OfflineDiscountCard onRetry={onRetry} />
    </TeamDiscountPage>
  );
}

/** The page around the card: its heading, and the link to Team apps under it. */
function TeamDiscountPage({ children }: { children: ReactNode }) {
  const t = useDiscountT();
  return (
    <Container maxWidth="sm" sx={{ py: { xs: 3, sm: 4 }, px: { xs: 2, sm: 3 } }}>
      <Typography component="h1" variant="h1" sx={{ mb: { xs: 2, sm: 3 } }}>
        {t('discount.title')}
      </Typography>
      {children}
      <Typography variant="body2" color="text.secondary" sx={{ mt: 3 }}>
        {t('discount.teamApps.question')}{' '}
        <Link component={RouterLink} to="/team-apps">
          {t('discount.teamApps.link')}
        </Link>{' '}
        {t('discount.teamApps.rest')}
      </Typography>
    </Container>
  );
}
