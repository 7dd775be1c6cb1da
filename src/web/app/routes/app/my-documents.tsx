import { lazy, Suspense } from 'react';
import { useParams } from 'wouter';
import { Spinner } from '@web/components/ui/spinner';
import { MyDocumentsPage } from '@web/features/documents/components/my-documents-page';

// The document's page carries the viewer and the signature pad: loaded when one is opened, not with the list.
const MyDocumentPage = lazy(() => import('@web/features/documents/components/my-document-page'));

/** `/my-documents` and `/my-documents/:id` (docs/product.md#my-documents): the list, or one document. */
export default function MyDocumentsRoute() {
  const { id } = useParams<{ id?: string }>();
  if (!id) return <MyDocumentsPage />;
  return (
    <Suspense fallback={<Spinner />}>
      <MyDocumentPage key={id} id={id} />
    </Suspense>
  );
}
