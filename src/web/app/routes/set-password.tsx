import { useParams } from 'wouter';
import { SetPasswordScreen } from '@web/features/password-link/components/set-password-screen';
import { usePasswordT } from '@web/features/password-link/i18n';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `/set-password/:token`: a member sets their password from an emailed link (docs/product.md#password-links). */
export default function SetPasswordRoute() {
  const { token = '' } = useParams();
  const t = usePasswordT();
  useDocumentTitle(t('password.title'));
  return <SetPasswordScreen key={token} token={token} />;
}
