import { DocumentsPage } from '@web/features/console/documents/components/documents-page';

/** `/admin/documents`: issue a contract or agreement and follow what was issued (docs/product.md#console-documents). */
export default function DocumentsRoute() {
  return <DocumentsPage />;
}
