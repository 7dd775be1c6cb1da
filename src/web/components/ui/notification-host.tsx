import { lazy, Suspense, useState } from 'react';
import { useSelector } from 'react-redux';
import { selectNotification } from '@web/stores/notification-slice';

// The bar's code (Snackbar, Alert and their transitions) is fetched with the first message only.
const NotificationSnackbar = lazy(() =>
  import('./notification-snackbar').then((module) => ({ default: module.NotificationSnackbar })),
);

/** Mount point of the notification bar, once at the app root. */
export function NotificationHost() {
  const { open } = useSelector(selectNotification);
  const [used, setUsed] = useState(false);
  // Once shown, stay mounted so the bar can animate out and show later messages at once.
  if (open && !used) setUsed(true);
  if (!used && !open) return null;
  return (
    <Suspense fallback={null}>
      <NotificationSnackbar />
    </Suspense>
  );
}
