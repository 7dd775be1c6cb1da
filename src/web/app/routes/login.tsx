import { LoginScreen } from '@web/features/auth/components/login-screen';

/** `/login`: the sign-in screen. */
export default function LoginRoute() {
  return <LoginScreen />;
}
