import { useQuery } from '@tanstack/react-query';
import { meQueryOptions } from '@web/features/auth/api/get-me';
import { TeamDiscount, TeamDiscountOffline } from '@web/features/team-discount/components/team-discount';

/**
 * `/team-discount`; the frame has already loaded the staff member, so this reads the cached answer.
 * Without one, the frame found no signal (docs/product.md#frame): the card kept on this phone shows.
 */
export default function TeamDiscountRoute() {
  // Not asked again as this page appears: the frame hides it while asking, so that would loop.
  const me = useQuery({ ...meQueryOptions(), retryOnMount: false });
  return me.data ? <TeamDiscount staff={me.data} /> : <TeamDiscountOffline onRetry={() => void me.refetch()} />;
}
