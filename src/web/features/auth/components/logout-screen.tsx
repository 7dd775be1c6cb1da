import { useEffect, useRef } from 'react';
import { FullPageLoader } from '@web/components/ui/full-page-loader';
import { useLogout } from '../api/logout';
import { useSignInT } from '../i18n';

/** Logs out on arrival, then always leaves for /login with a full navigation (docs/product.md#auth). */
export function LogoutScreen() {
  const t = useSignInT();
  const { mutate: logout } = useLogout();
  // Once only, even when effects run twice.
  const started = useRef(false);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    logout();
  }, [logout]);
  return <FullPageLoader label={t('signin.signingOut')} message={t('signin.signingOutNow')} />;
}
