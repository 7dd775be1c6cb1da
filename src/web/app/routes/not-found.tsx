import { NotFoundPage } from '@web/components/errors/not-found-page';

/** Any path no route matches. */
export default function NotFoundRoute() {
  return <NotFoundPage />;
}
