import type { ProcessAuthenticationAnswer, ProcessAuthenticationBody, SignedInUser } from '@shared/api/auth.js';
import { api } from '@web/lib/api-client';
import { clearOfflineDataOfOthers } from '@web/lib/offline-discount-card';
import { useAsyncAction } from '@web/lib/use-async-action';
import { saveUser } from '@web/lib/user-storage';
import { dispatchAuth, logIn } from '../stores/auth-store';

/** POST /staff/self-service/process-authentication {code, state}: completes sign-in (docs/product.md#auth). */
export async function processAuthentication(body: ProcessAuthenticationBody): Promise<SignedInUser> {
  const response = await api.post<ProcessAuthenticationAnswer>('/staff/self-service/process-authentication', body);
  return response.data.user;
}

/**
 * Completes sign-in and keeps the user in localStorage, marked logged in; someone else's discount
 * card kept on this phone for offline use goes (docs/product.md#team-discount). No staff lookup from
 * before sign-in can stand in for the new session: the provider sends the browser back to /login
 * with a full page load, and the sign-in screen loads no query cache of its own.
 */
async function completeSignIn(body: ProcessAuthenticationBody): Promise<SignedInUser> {
  const user = await processAuthentication(body);
  clearOfflineDataOfOthers(user.id);
  saveUser(user);
  dispatchAuth(logIn(user));
  return user;
}

/** Completes sign-in with the code and state the provider sent back. */
export function useProcessAuthentication() {
  return useAsyncAction(completeSignIn);
}
