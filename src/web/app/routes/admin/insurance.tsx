import { InsurancePage } from '@web/features/console/insurance/components/insurance-page';

/** `/admin/insurance`: the insurance documents waiting for a decision (docs/product.md#insurance-queue). */
export default function InsuranceRoute() {
  return <InsurancePage />;
}
