import { useDispatch } from 'react-redux';
import { showNotification } from '@web/stores/notification-slice';

/** Shows a success message in the notification bar (docs/product.md#my-details), e.g. after a save. */
export function useSavedNotice(): (message: string) => void {
  const dispatch = useDispatch();
  return (message) => dispatch(showNotification({ message, severity: 'success' }));
}
