import { describe, expect, it } from 'vitest';
import { staffMember } from '@web/testing/staff-member';
import type { StaffMember } from '@shared/api/my-details.js';
import { authReducer, authStore, dispatchAuth, logIn, logOut, type AuthState } from './auth-store';

const staff: StaffMember = staffMember({ mobile: '07700 900123' });

describe('auth state', () => {
  it('starts logged out with empty user data', () => {
    expect(authStore.getInitialState()).toEqual({ isAuthenticated: false, userData: {} });
  });

  it('uses the product action type names', () => {
    expect(logIn(staff)).toEqual({ type: 'LOG_IN', payload: staff });
    expect(logOut()).toEqual({ type: 'LOG_OUT' });
  });

  it('LOG_IN sets isAuthenticated and stores the payload as userData', () => {
    const state = authReducer(undefined, logIn(staff));
    expect(state.isAuthenticated).toBe(true);
    expect(state.userData).toEqual(staff);
  });

  it('LOG_IN replaces earlier user data rather than merging it', () => {
    const signedIn = { id: 'u1', forename: 'Priya', surname: 'Shah', email_address: 'p@example.com' };
    const afterSignIn = authReducer(undefined, logIn(signedIn));
    const afterMe = authReducer(afterSignIn, logIn(staff));
    expect(afterMe.userData).toEqual(staff);
    expect(afterMe.userData).not.toHaveProperty('id');
  });

  it('LOG_OUT clears isAuthenticated and empties userData', () => {
    const loggedIn: AuthState = { isAuthenticated: true, userData: staff };
    expect(authReducer(loggedIn, logOut())).toEqual({ isAuthenticated: false, userData: {} });
  });

  it('also handles the plain action objects by their type strings', () => {
    const loggedIn = authReducer(undefined, { type: 'LOG_IN', payload: staff });
    expect(loggedIn.isAuthenticated).toBe(true);
    expect(authReducer(loggedIn, { type: 'LOG_OUT' }).isAuthenticated).toBe(false);
  });

  it("the page's store follows the actions dispatched to it", () => {
    dispatchAuth(logIn(staff));
    expect(authStore.getState()).toEqual({ isAuthenticated: true, userData: staff });
    dispatchAuth(logOut());
    expect(authStore.getState()).toEqual({ isAuthenticated: false, userData: {} });
  });
});
