import { configureStore } from '@reduxjs/toolkit';
import { authReducer } from '../features/auth/stores/auth-slice';
import { notificationReducer } from '../stores/notification-slice';
import { themeReducer } from '../stores/theme-slice';

/** A fresh store with the three client-state slices of spec §3. */
export function createStore() {
  return configureStore({
    reducer: { auth: authReducer, theme: themeReducer, notification: notificationReducer },
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
