import { useMe } from '@web/features/auth/api/get-me';
import { TeamDiscount } from '@web/features/team-discount/components/team-discount';

/** `/team-discount`; the frame has already loaded the staff member, so this reads the cached answer. */
export default function TeamDiscountRoute() {
  const { data: staff } = useMe();
  return staff ? <TeamDiscount staff={staff} /> : null;
}
