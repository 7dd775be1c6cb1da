import { LogoutScreen } from '@web/features/auth/components/logout-screen';

/** `/logout`: logs out, then a full navigation to /login. */
export default function LogoutRoute() {
  return <LogoutScreen />;
}
