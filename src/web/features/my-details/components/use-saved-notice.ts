import { showNotification } from '@web/stores/notification-store';

/** Shows a success message in the notification bar (docs/product.md#my-details), e.g. after a save. */
export function useSavedNotice(): (message: string) => void {
  return (message) => showNotification({ message, severity: 'success' });
}
