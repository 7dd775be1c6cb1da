import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { SectionCard } from '@web/features/console/shared/components/section-card';
import { formatDisplayDate } from '@web/lib/format-date';
import { usePersonErasure } from '../api/get-person-erasure';
import { ErasureList } from './erasure-list';

/**
 * On a leaver's page once their data has been erased on request (HR, docs/product.md#erasure-on-request):
 * when, and what the law keeps until when. Nothing before an erasure, nor while the plan loads.
 */
export function ErasureCard({ personId }: { personId: string }) {
  const plan = usePersonErasure(personId);
  if (!plan.data?.erased_at) return null;
  return (
    <SectionCard title="Personal data erased">
      <Stack spacing={1.5}>
        <Typography>Their personal data was erased on request on {formatDisplayDate(plan.data.erased_at)}.</Typography>
        <ErasureList items={plan.data.items} erasedHeading="Still to erase" />
      </Stack>
    </SectionCard>
  );
}
