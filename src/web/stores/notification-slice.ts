import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export type NotificationSeverity = 'success' | 'error';

/** The notification bar (docs/product.md#frame): open, message, severity. */
export interface NotificationState {
  open: boolean;
  message: string;
  severity: NotificationSeverity;
}

const initialState: NotificationState = { open: false, message: '', severity: 'success' };

const notificationSlice = createSlice({
  name: 'notification',
  initialState,
  reducers: {
    showNotification(_state, action: PayloadAction<{ message: string; severity: NotificationSeverity }>) {
      return { open: true, ...action.payload };
    },
    // Keep message and severity so the bar does not change colour while it animates out.
    closeNotification(state) {
      state.open = false;
    },
  },
});

export const { showNotification, closeNotification } = notificationSlice.actions;
export const notificationReducer = notificationSlice.reducer;

/** The notification bar state, from any store that mounts this slice under `notification`. */
export const selectNotification = (state: { notification: NotificationState }): NotificationState =>
  state.notification;
