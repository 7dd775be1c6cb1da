import { SurveysPage } from '@web/features/console/surveys/components/surveys-page';

/** `/admin/surveys`: the console's surveys, with HR's imports (docs/product.md#console-surveys). */
export default function SurveysRoute() {
  return <SurveysPage />;
}
