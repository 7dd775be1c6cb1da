import Container from '@mui/material/Container';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { OfflineNotice } from '@web/components/ui/offline-notice';
import { meQueryOptions } from '@web/features/auth/api/get-me';
import { Dashboard } from '@web/features/dashboard/components/dashboard';
import { useDashboardT } from '@web/features/dashboard/i18n';
import { useBrand } from '@web/lib/brand';
import { loadOfflineMember } from '@web/lib/offline-member';

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
  const t = useDashboardT();
  if (me.data) return <Dashboard staff={me.data} brand={brand} />;
  const retry = () => void me.refetch();
  if (kept)
    return (
      <Dashboard staff={kept} brand={brand} notice={<OfflineNotice text={t('dashboard.offline')} onRetry={retry} />} />
    );
  return (
    <Container maxWidth="sm" sx={{ py: 4 }}>
      <OfflineNotice onRetry={retry} />
    </Container>
  );
}
