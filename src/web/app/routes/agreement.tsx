import { useParams } from 'react-router';
import { AgreementPage } from '../../features/documents/components/agreement-page';

/** `/agreement/:token`: reading and signing an agreement (spec §2). */
export default function AgreementRoute() {
  const { token = '' } = useParams();
  return <AgreementPage key={token} token={token} />;
}
