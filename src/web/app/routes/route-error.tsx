import { ErrorPage } from '@web/components/errors/error-page';
import { errorText } from '@web/lib/error-text';

/** A screen that failed (docs/product.md#errors): the error page, inside the frame or on its own. */
export function RouteError({ error, inFrame = false }: { error: unknown; inFrame?: boolean }) {
  return <ErrorPage message={errorText(error)} fullHeight={!inFrame} />;
}
