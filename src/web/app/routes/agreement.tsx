import { useParams } from 'wouter';
import { DocumentPage } from '@web/features/documents/components/document-page';

/** `/agreement/:token`: reading and signing an agreement (docs/product.md#documents). */
export default function AgreementRoute() {
  const { token = '' } = useParams();
  return <DocumentPage key={token} kind="agreement" token={token} />;
}
