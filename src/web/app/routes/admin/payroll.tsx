import { PayrollPage } from '@web/features/console/payroll/components/payroll-page';

/** `/admin/payroll`: HR's export of new starters for payroll (docs/product.md#payroll-hand-off). */
export default function PayrollRoute() {
  return <PayrollPage />;
}
