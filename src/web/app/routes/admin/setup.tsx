import { SetupPage } from '@web/features/console/setup/components/setup-page';

/** `/admin/setup`: venues, till keys, positions and onboarding fieldsets (docs/product.md#set-up). */
export default function SetupRoute() {
  return <SetupPage />;
}
