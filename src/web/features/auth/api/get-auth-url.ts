import type { AuthUrlAnswer } from '@shared/api/auth.js';
import { api } from '@web/lib/api-client';
import { useAsyncAction } from '@web/lib/use-async-action';

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
 * Asks for the sign-in address and sends the browser there. Never cached or shared: each call
 * starts a new sign-in on the server (state, PKCE verifier).
 */
async function leaveForSignIn(): Promise<void> {
  window.location.assign(await getAuthUrl(loginRedirectUri()));
}

/**
 * Starts sign-in. It stays successful while the browser leaves, so callers can keep showing
 * progress until the page unloads.
 */
export function useStartLogin() {
  return useAsyncAction(leaveForSignIn);
}
