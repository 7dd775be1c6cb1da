import { LogoutScreen } from '@web/features/auth/components/logout-screen';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `/logout`: logs out, then a full navigation to /login. */
export default function LogoutRoute() {
  useDocumentTitle('Logout');
  return <LogoutScreen />;
}
