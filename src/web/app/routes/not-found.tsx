import { NotFoundPage } from '../../components/errors/not-found-page';

/** Any path no route matches. */
export default function NotFoundRoute() {
  return <NotFoundPage />;
}
