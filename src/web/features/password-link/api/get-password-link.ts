import { queryOptions, useQuery } from '@tanstack/react-query';
import type { PasswordLink } from '@shared/api/password-link.js';
import { api } from '@web/lib/api-client';

/** Path of a password link token (docs/product.md#password-links: `/staff/password-link/<token>`). */
export function passwordLinkPath(token: string): string {
  return `/staff/password-link/${encodeURIComponent(token)}`;
}

/**
 * GET /staff/password-link/<token>: whom the link is for (`{ forename, brand: { id, name } }`). 404 for
 * an unknown, expired or used link, a leaver's, and any with an external provider.
 */
export async function getPasswordLink(token: string): Promise<PasswordLink> {
  const response = await api.get<{ data: PasswordLink }>(passwordLinkPath(token));
  return response.data.data;
}

/** Query options of the password link `token`. */
export function passwordLinkQueryOptions(token: string) {
  return queryOptions({ queryKey: ['password-link', token] as const, queryFn: () => getPasswordLink(token) });
}

/** The password link `token` (loading, error and data states of the query). */
export function usePasswordLink(token: string) {
  return useQuery(passwordLinkQueryOptions(token));
}
