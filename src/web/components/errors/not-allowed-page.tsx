import { useCommonErrorsT } from './i18n';
import { StatusPage } from './status-page';

/**
 * The not-allowed screen (docs/product.md#auth): the member is signed in, but their role does not open
 * this page (a 403 without the ended-session code). Signing in again would not help, so it says so.
 */
export function NotAllowedPage() {
  const t = useCommonErrorsT();
  return <StatusPage heading={t('common.errors.notAllowed')} text={t('common.errors.notAllowedText')} />;
}
