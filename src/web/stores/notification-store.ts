import { createStore, useStore } from 'zustand';

export type NotificationSeverity = 'success' | 'error';

/** The notification bar (docs/product.md#frame): open, message, severity. */
export interface NotificationState {
  open: boolean;
  message: string;
  severity: NotificationSeverity;
}

/** The page's one notification bar state; the bar at the app root shows it. */
export const notificationStore = createStore<NotificationState>()(() => ({
  open: false,
  message: '',
  severity: 'success',
}));

/** The notification bar state, re-rendering when it changes. */
export function useNotification(): NotificationState {
  return useStore(notificationStore);
}

/** Opens the bar with this message. */
export function showNotification(notification: { message: string; severity: NotificationSeverity }): void {
  notificationStore.setState({ open: true, ...notification });
}

/** Closes the bar, keeping message and severity so it does not change colour while it animates out. */
export function closeNotification(): void {
  notificationStore.setState({ open: false });
}
