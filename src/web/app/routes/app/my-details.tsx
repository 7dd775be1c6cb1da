import { useMe } from '@web/features/auth/api/get-me';
import { MyDetails } from '@web/features/my-details/components/my-details';

/** `/my-details`; the frame has already loaded the staff member, so this reads the cached answer. */
export default function MyDetailsRoute() {
  const { data: staff } = useMe();
  return staff ? <MyDetails staff={staff} /> : null;
}
