import { RightToWorkPage } from '@web/features/console/right-to-work/components/right-to-work-page';

/** `/admin/right-to-work`: the right-to-work view (docs/product.md#right-to-work-records). */
export default function RightToWorkRoute() {
  return <RightToWorkPage />;
}
