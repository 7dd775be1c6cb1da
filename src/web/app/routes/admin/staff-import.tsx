import { StaffImportPage } from '@web/features/console/staff-import/components/staff-import-page';

/** `/admin/people/import`: HR's import of the people already at work (docs/product.md#staff-import). */
export default function StaffImportRoute() {
  return <StaffImportPage />;
}
