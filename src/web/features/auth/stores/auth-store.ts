import { createStore } from 'zustand';
import type { SignedInUser } from '@shared/api/auth.js';
import type { StaffMember } from '@shared/api/my-details.js';

/**
 * What LOG_IN carries: the staff member from /me, or, right after sign-in and before /me has
 * answered, the signed-in user from process-authentication.
 */
export type UserData = StaffMember | SignedInUser;

/** Auth state (docs/product.md#auth): isAuthenticated and userData, empty when logged out. */
export interface AuthState {
  isAuthenticated: boolean;
  userData: UserData | Record<string, never>;
}

/** The two auth actions, by the product's action type names (docs/product.md#auth). */
export type AuthAction = { type: 'LOG_IN'; payload: UserData } | { type: 'LOG_OUT' };

const initialState: AuthState = { isAuthenticated: false, userData: {} };

/** Marks the user as logged in with this user data (action type `LOG_IN`). */
export const logIn = (payload: UserData): AuthAction => ({ type: 'LOG_IN', payload });

/** Marks the user as logged out and forgets the user data (action type `LOG_OUT`). */
export const logOut = (): AuthAction => ({ type: 'LOG_OUT' });

/** The auth state after `action`: LOG_IN replaces the user data, LOG_OUT empties it. */
export function authReducer(state: AuthState = initialState, action: AuthAction): AuthState {
  switch (action.type) {
    case 'LOG_IN':
      return { isAuthenticated: true, userData: action.payload };
    case 'LOG_OUT':
      return { isAuthenticated: false, userData: {} };
    default:
      return state;
  }
}

/** The page's one auth state. */
export const authStore = createStore<AuthState>()(() => initialState);

/** Applies an auth action to the page's auth state. */
export function dispatchAuth(action: AuthAction): void {
  authStore.setState(authReducer(authStore.getState(), action), true);
}
