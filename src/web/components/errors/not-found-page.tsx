import { StatusPage } from './status-page';

/** The not-found screen (docs/product.md#errors): heading 'Page Not Found' and 'Return Home' to /dashboard. */
export function NotFoundPage() {
  return <StatusPage heading="Page Not Found" text="The page you were looking for does not exist or has moved." />;
}
