import { LogoutScreen } from '@web/features/auth/components/logout-screen';
import { useDocumentTitle } from '@web/lib/use-document-title';
import { usePagesT } from '../pages-i18n';

/** `/logout`: logs out, then a full navigation to /login. */
export default function LogoutRoute() {
  const t = usePagesT();
  useDocumentTitle(t('pages.logoutTitle'));
  return <LogoutScreen />;
}
