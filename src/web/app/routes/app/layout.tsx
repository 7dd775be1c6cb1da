import Container from '@mui/material/Container';
import { Suspense, useDeferredValue, useEffect, type ReactNode } from 'react';
import { Redirect, useLocation } from 'wouter';
import { Frame } from '@web/components/layout/frame';
import { menuEntriesFor } from '@web/components/layout/menu-entries';
import { Spinner } from '@web/components/ui/spinner';
import { useMe } from '@web/features/auth/api/get-me';
import { clearOfflineData } from '@web/lib/offline-discount-card';
import { clearUser } from '@web/lib/user-storage';
import { dispatchAuth, logIn, logOut } from '@web/features/auth/stores/auth-store';
import { TwoFactorHost } from '@web/features/two-factor/components/two-factor-host';
import { isNetworkFailure, signInNeeded, statusOf } from '@web/lib/api-client';
import { NotAllowedPage } from '@web/components/errors/not-allowed-page';
import { OfflineNotice } from '@web/components/ui/offline-notice';
import { QueryErrorAlert } from '@web/components/ui/query-error-alert';
import { keepOfflineMember } from '@web/lib/offline-member';
import { choiceStore } from '@web/i18n/stored-language';

/**
 * Pages that have something to show when the member cannot be loaded for want of signal
 * (docs/product.md#frame): the team-discount card kept on the phone, and the dashboard as it last was.
 */
const WORKS_OFFLINE = new Set(['/team-discount', '/dashboard']);

/**
 * Layout of the signed-in pages (docs/product.md#frame): loads the staff member first with a spinner; an
 * ended session sends the user to /login, forgetting the user and what is kept for offline use (the
 * API client remembers the page to come back to); another 403 shows the not-allowed page; success
 * marks them logged in, keeps the dashboard's part of the member for no signal and shows the page
 * inside the frame. With no answer at all (no signal), a page that works offline still shows, without
 * the member, and any other page shows the offline notice; any answer from the server is handled as before.
 */
export default function SignedInLayout({ children }: { children: ReactNode }) {
  const me = useMe();
  // The page is drawn at a transition's priority once the member arrives: React renders it in slices a
  // slow phone can interrupt, instead of one long task (docs/decisions/0022-something-on-screen-at-once.md).
  const member = useDeferredValue(me.data);
  const [pathname] = useLocation();
  // The session has ended (the answer's code says so): sign in, then back here. Any other 403 is a
  // refusal for lack of a role: a page says so instead of looping through sign-in.
  const forbidden = signInNeeded(me.error);
  const notAllowed = !forbidden && statusOf(me.error) === 403;
  const offline = !me.data && (isNetworkFailure(me.error) || me.fetchStatus === 'paused');

  useEffect(() => {
    if (!me.data) return;
    dispatchAuth(logIn(me.data));
    keepOfflineMember(me.data);
    // The language on the member's record, on every device they sign in on (docs/decisions/0069-member-language.md);
    // its code is fetched only when the record or this device holds one.
    const recorded = me.data.language;
    if (recorded || choiceStore.getState().chosen)
      void import('@web/i18n/follow-member-language').then(({ followMemberLanguage }) =>
        followMemberLanguage(recorded),
      );
  }, [me.data]);

  useEffect(() => {
    if (!forbidden) return;
    clearUser();
    clearOfflineData();
    dispatchAuth(logOut());
  }, [forbidden]);

  if (forbidden) return <Redirect to="/login" replace />;
  if (notAllowed) return <NotAllowedPage />;

  let content;
  if (member) {
    // Keep showing the page if a later background refetch fails for another reason.
    content = (
      <>
        <Suspense fallback={<Spinner minHeight="60vh" />}>{children}</Suspense>
        {/* Any 402 answer opens it (docs/product.md#two-factor); its code loads at idle or on the first event. */}
        <TwoFactorHost />
      </>
    );
  } else if (offline && WORKS_OFFLINE.has(pathname)) {
    content = <Suspense fallback={<Spinner minHeight="60vh" />}>{children}</Suspense>;
  } else if (me.isPending || me.data) {
    content = <Spinner minHeight="60vh" />;
  } else {
    const retry = () => void me.refetch();
    content = (
      <Container maxWidth="sm" sx={{ py: 4 }}>
        {offline ? <OfflineNotice onRetry={retry} /> : <QueryErrorAlert error={me.error} onRetry={retry} />}
      </Container>
    );
  }

  // Someone with a console role finds the HR console in the menu (docs/product.md#console-roles).
  return <Frame entries={menuEntriesFor(Boolean(me.data?.console_role))}>{content}</Frame>;
}
