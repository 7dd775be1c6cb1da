import { mutationOptions, useMutation } from '@tanstack/react-query';
import type { AuthUrlAnswer } from '@shared/api/auth.js';
import { api } from '@web/lib/api-client';

/** GET /staff/self-service/auth?redirect_uri=...: the external sign-in address (`url`, docs/product.md#auth). */
export async function getAuthUrl(redirectUri: string): Promise<string> {
  const response = await api.get<AuthUrlAnswer>('/staff/self-service/auth', {
    params: { redirect_uri: redirectUri },
  });
  return response.data.url;
}

/** This page's own /login address without query: where the provider sends the browser back. */
export function loginRedirectUri(): string {
  return `${window.location.origin}/login`;
}

/**
 * Options for asking the sign-in address. A mutation, not a query: each call starts a new sign-in
 * on the server (state, PKCE verifier), so an answer must never be cached or shared.
 */
export function startLoginMutationOptions() {
  return mutationOptions({ mutationKey: ['auth-url'], mutationFn: () => getAuthUrl(loginRedirectUri()) });
}

/**
 * Starts sign-in: asks for the external address and sends the browser there. The mutation stays
 * successful while the browser leaves, so callers can keep showing progress until the page unloads.
 */
export function useStartLogin() {
  return useMutation({
    ...startLoginMutationOptions(),
    onSuccess: (url) => {
      window.location.assign(url);
    },
  });
}
