import { createAction, createReducer } from '@reduxjs/toolkit';
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

const initialState: AuthState = { isAuthenticated: false, userData: {} };

/** Marks the user as logged in with this user data (docs/product.md#auth: action type `LOG_IN`). */
export const logIn = createAction<UserData>('LOG_IN');

/** Marks the user as logged out and forgets the user data (docs/product.md#auth: action type `LOG_OUT`). */
export const logOut = createAction('LOG_OUT');

export const authReducer = createReducer(initialState, (builder) => {
  builder
    .addCase(logIn, (_state, action) => ({ isAuthenticated: true, userData: action.payload }))
    .addCase(logOut, () => ({ isAuthenticated: false, userData: {} }));
});

/** The auth state, from any store that mounts this reducer under `auth`. */
export const selectAuth = (state: { auth: AuthState }): AuthState => state.auth;
