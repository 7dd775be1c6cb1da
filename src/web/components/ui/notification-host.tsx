import { lazy, Suspense, useState } from 'react';
import { useNotification } from '@web/stores/notification-store';

// The bar's code (Snackbar, Alert and their transitions) is fetched with the first message only.
const NotificationSnackbar = lazy(() =>
  import('./notification-snackbar').then((module) => ({ default: module.NotificationSnackbar })),
);

/** Mount point of the notification bar, once at the app root. */
export function NotificationHost() {
  const { open } = useNotification();
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
