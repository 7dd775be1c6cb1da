import { useParams } from 'wouter';
import { DocumentPage } from '@web/features/documents/components/document-page';

/** `/contract/:token`: reading and signing a contract of employment (docs/product.md#documents). */
export default function ContractRoute() {
  const { token = '' } = useParams();
  return <DocumentPage key={token} kind="contract" token={token} />;
}
