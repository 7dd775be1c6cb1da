import { useMe } from '@web/features/auth/api/get-me';
import { TeamApps } from '@web/features/team-apps/components/team-apps';
import { useBrand } from '@web/lib/brand';

/** `/team-apps`; the frame has already loaded the staff member, so this reads the cached answer. */
export default function TeamAppsRoute() {
  const { data: staff } = useMe();
  const brand = useBrand();
  return staff ? <TeamApps brand={brand} email={staff.email_address} /> : null;
}
