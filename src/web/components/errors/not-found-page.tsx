import { useCommonErrorsT } from './i18n';
import { StatusPage } from './status-page';

/** The not-found screen (docs/product.md#errors): heading 'Page Not Found' and 'Return Home' to /dashboard. */
export function NotFoundPage() {
  const t = useCommonErrorsT();
  return <StatusPage heading={t('common.errors.notFound')} text={t('common.errors.notFoundText')} />;
}
