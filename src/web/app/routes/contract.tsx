import { useParams } from 'react-router';
import { ContractPage } from '@web/features/documents/components/contract-page';

/** `/contract/:token`: reading and signing a contract of employment (docs/product.md#documents). */
export default function ContractRoute() {
  const { token = '' } = useParams();
  return <ContractPage key={token} token={token} />;
}
