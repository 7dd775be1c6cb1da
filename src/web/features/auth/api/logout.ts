import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { LogoutAnswer } from '@shared/api/auth.js';
import { api } from '@web/lib/api-client';
import { clearOfflineData } from '@web/lib/offline-discount-card';
import { clearUser } from '@web/lib/user-storage';
import { dispatchAuth, logOut } from '../stores/auth-store';

/** POST /staff/self-service/logout: ends the server session (docs/product.md#auth). */
export async function logout(): Promise<void> {
  await api.post<LogoutAnswer>('/staff/self-service/logout');
}

/** Options for ending the server session. */
export function logoutMutationOptions() {
  return mutationOptions({ mutationKey: ['logout'], mutationFn: logout });
}

/**
 * Logs out. Whatever the server answers (or none, without signal), the browser forgets the user and
 * the discount card kept for offline use (docs/product.md#team-discount), and does a full navigation
 * to /login (docs/product.md#auth), which also drops every cached answer.
 */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    ...logoutMutationOptions(),
    onSettled: () => {
      clearUser();
      clearOfflineData();
      dispatchAuth(logOut());
      queryClient.clear();
      window.location.assign('/login');
    },
  });
}
