import { useParams } from 'react-router';
import { AgreementPage } from '@web/features/documents/components/agreement-page';

/** `/agreement/:token`: reading and signing an agreement (docs/product.md#documents). */
export default function AgreementRoute() {
  const { token = '' } = useParams();
  return <AgreementPage key={token} token={token} />;
}
