import { LoginScreen } from '@web/features/auth/components/login-screen';
import { useDocumentTitle } from '@web/lib/use-document-title';

/** `/login`: the sign-in screen. */
export default function LoginRoute() {
  useDocumentTitle('Login');
  return <LoginScreen />;
}
