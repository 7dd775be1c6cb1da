import { VerifyScreen } from '@web/features/verify/components/verify-screen';

/** `/verify`: anyone checks a signed PDF (docs/product.md#verify). */
export default function VerifyRoute() {
  return <VerifyScreen />;
}
