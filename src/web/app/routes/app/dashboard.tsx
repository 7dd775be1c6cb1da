import Container from '@mui/material/Container';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OfflineNotice } from '@web/components/ui/offline-notice';
import { meQueryOptions } from '@web/features/auth/api/get-me';
import { Dashboard } from '@web/features/dashboard/components/dashboard';
import { useBrand } from '@web/lib/brand';
import { loadOfflineMember } from '@web/lib/offline-member';

/** Says why the dashboard may be out of date. */
const KEPT_DASHBOARD_TEXT = "You're offline, so this is your dashboard as it was when you were last online.";

/**
 * `/dashboard`; the frame has already loaded the staff member, so this reads the cached answer.
 * Without one, the frame found no signal (docs/product.md#frame): the dashboard as last kept on this
 * phone under the offline notice, or the notice alone when none is kept.
 */
export default function DashboardRoute() {
  // Not asked again as this page appears: the frame hides it while asking, so that would loop.
  const me = useQuery({ ...meQueryOptions(), retryOnMount: false });
  const brand = useBrand();
  const [kept] = useState(loadOfflineMember);
  if (me.data) return <Dashboard staff={me.data} brand={brand} />;
  const retry = () => void me.refetch();
  if (kept)
    return (
      <Dashboard staff={kept} brand={brand} notice={<OfflineNotice text={KEPT_DASHBOARD_TEXT} onRetry={retry} />} />
    );
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <OfflineNotice onRetry={retry} />
    </Container>
  );
}
