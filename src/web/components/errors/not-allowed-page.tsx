import { StatusPage } from './status-page';

/**
 * The not-allowed screen (docs/product.md#auth): the member is signed in, but their role does not open
 * this page (a 403 without the ended-session code). Signing in again would not help, so it says so.
 */
export function NotAllowedPage() {
  return (
    <StatusPage heading="Not allowed" text="Your account does not open this page. If you need it, ask your manager." />
  );
}
