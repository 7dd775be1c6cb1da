import { USER_STORAGE_KEY } from '@shared/constants.js';
import type { SignedInUser } from '@shared/api/auth.js';

// Storage can throw (private mode, quota, disabled cookies); sign-in must still work without it.
// Lives in lib (not in the auth feature) because other features read the signed-in user's id, e.g.
// a survey's `completed_by`; features/auth re-exports it.

/** Keeps the signed-in user in localStorage under `user` as JSON (docs/product.md#auth). */
export function saveUser(user: SignedInUser): void {
  try {
    window.localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user));
  } catch {
    /* storage unavailable: the session cookie still signs the user in */
  }
}

/** The stored signed-in user, or null when none is stored or it cannot be read. */
export function loadUser(): SignedInUser | null {
  try {
    const raw = window.localStorage.getItem(USER_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as SignedInUser) : null;
  } catch {
    return null;
  }
}

/**
 * The id of the stored signed-in user (the `user` of process-authentication), or null when none is
 * stored or it has no id. The staff member from /me carries no id, so this is the only source.
 */
export function signedInUserId(): string | null {
  const id: unknown = (loadUser() as { id?: unknown } | null)?.id;
  return typeof id === 'string' && id !== '' ? id : null;
}

/** Forgets the stored signed-in user. */
export function clearUser(): void {
  try {
    window.localStorage.removeItem(USER_STORAGE_KEY);
  } catch {
    /* nothing stored that we could remove */
  }
}
