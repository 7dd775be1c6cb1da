import { mutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useDispatch } from 'react-redux';
import type {
  ProcessAuthenticationAnswer,
  ProcessAuthenticationBody,
  SignedInUser,
} from '@shared/api/auth.js';
import { api } from '@web/lib/api-client';
import { clearOfflineCardOfOthers } from '@web/lib/offline-discount-card';
import { saveUser } from '@web/lib/user-storage';
import { ME_QUERY_KEY } from './get-me';
import { logIn } from '../stores/auth-slice';

/** POST /staff/self-service/process-authentication {code, state}: completes sign-in (docs/product.md#auth). */
export async function processAuthentication(body: ProcessAuthenticationBody): Promise<SignedInUser> {
  const response = await api.post<ProcessAuthenticationAnswer>('/staff/self-service/process-authentication', body);
  return response.data.user;
}

/** Options for completing sign-in with the code and state the provider sent back. */
export function processAuthenticationMutationOptions() {
  return mutationOptions({ mutationKey: ['process-authentication'], mutationFn: processAuthentication });
}

/**
 * Completes sign-in; on success keeps the user in localStorage and marks them logged in. Someone
 * else's discount card kept on this phone for offline use goes (docs/product.md#team-discount).
 */
export function useProcessAuthentication() {
  const dispatch = useDispatch();
  const queryClient = useQueryClient();
  return useMutation({
    ...processAuthenticationMutationOptions(),
    onSuccess: (user) => {
      clearOfflineCardOfOthers(user.id);
      saveUser(user);
      dispatch(logIn(user));
      // A lookup made before signing in (a 403) must not stand in for the new session.
      queryClient.removeQueries({ queryKey: ME_QUERY_KEY });
    },
  });
}
