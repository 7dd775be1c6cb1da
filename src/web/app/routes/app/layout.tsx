import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Container from '@mui/material/Container';
import { Suspense, useEffect, type ReactNode } from 'react';
import { Redirect } from 'wouter';
import { Frame } from '@web/components/layout/frame';
import { Spinner } from '@web/components/ui/spinner';
import { useMe } from '@web/features/auth/api/get-me';
import { clearUser } from '@web/lib/user-storage';
import { dispatchAuth, logIn, logOut } from '@web/features/auth/stores/auth-store';
import { TwoFactorHost } from '@web/features/two-factor/components/two-factor-host';
import { statusOf } from '@web/lib/api-client';
import { errorText } from '@web/lib/error-text';

/**
 * Layout of the signed-in pages (docs/product.md#frame): loads the staff member first with a spinner; a 403 sends
 * the user to /login, success marks them logged in and shows the page inside the frame.
 */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  const forbidden = statusOf(me.error) === 403;

  useEffect(() => {
    if (me.data) dispatchAuth(logIn(me.data));
  }, [me.data]);

  useEffect(() => {
    if (!forbidden) return;
    clearUser();
    dispatchAuth(logOut());
  }, [forbidden]);

  if (forbidden) return <Redirect to="/login" replace />;

  let content;
  if (me.data) {
    // Keep showing the page if a later background refetch fails for another reason.
    content = (
      <>
        <Suspense fallback={<Spinner minHeight="60vh" />}>
          {children}
        </Suspense>
        {/* Any 402 answer opens it (docs/product.md#two-factor); its code loads at idle or on the first event. */}
        <TwoFactorHost />
      </>
    );
  } else if (me.isPending) {
    content = <Spinner minHeight="60vh" />;
  } else {
    content = (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void me.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(me.error)}
        </Alert>
      </Container>
    );
  }

  return <Frame>{content}</Frame>;
}
