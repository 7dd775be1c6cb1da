import { useParams } from 'react-router';
import { ContractPage } from '../../features/documents/components/contract-page';

/** `/contract/:token`: reading and signing a contract of employment (spec §2). */
export default function ContractRoute() {
  const { token = '' } = useParams();
  return <ContractPage key={token} token={token} />;
}
