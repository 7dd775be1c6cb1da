import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '@web/components/errors/error-page';
import { NotFoundPage } from '@web/components/errors/not-found-page';
import { errorText } from '@web/lib/error-text';

/** Route errors (docs/product.md#errors): a 404 response is the not-found page, anything else the error page. */
export function RouteError({ inFrame = false }: { inFrame?: boolean }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFoundPage />;
    return <ErrorPage message={error.statusText || `HTTP ${error.status}`} fullHeight={!inFrame} />;
  }
  return <ErrorPage message={errorText(error)} fullHeight={!inFrame} />;
}
