import { useMe } from '@web/features/auth/api/get-me';
import { Dashboard } from '@web/features/dashboard/components/dashboard';
import { useBrand } from '@web/lib/brand';

/** `/dashboard`; the frame has already loaded the staff member, so this reads the cached answer. */
export default function DashboardRoute() {
  const { data: staff } = useMe();
  const brand = useBrand();
  return staff ? <Dashboard staff={staff} brand={brand} /> : null;
}
