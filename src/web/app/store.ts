import { configureStore } from '@reduxjs/toolkit';
import { authReducer } from '@web/features/auth/stores/auth-slice';
import { notificationReducer } from '@web/stores/notification-slice';
import { themeReducer } from '@web/stores/theme-slice';

/** A fresh store with the three client-state slices of docs/product.md#frame. */
export function createStore() {
  return configureStore({
    reducer: { auth: authReducer, theme: themeReducer, notification: notificationReducer },
  });
}

export type AppStore = ReturnType<typeof createStore>;
export type RootState = ReturnType<AppStore['getState']>;
export type AppDispatch = AppStore['dispatch'];
