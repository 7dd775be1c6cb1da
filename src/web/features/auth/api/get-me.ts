import { queryOptions, useQuery } from '@tanstack/react-query';
import type { MeAnswer } from '@shared/api/auth.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { EMBEDDED_ME_ELEMENT_ID } from '@shared/constants.js';
import { api } from '@web/lib/api-client';
import { takeEmbeddedJson } from '@web/lib/embedded-json';
import { ME_QUERY_KEY } from '@web/lib/me-query-key';

/** GET /staff/self-service/me: the signed-in staff member (`data.data`, docs/product.md#auth). */
export async function getMe(): Promise<StaffMember> {
  const response = await api.get<MeAnswer>('/staff/self-service/me');
  return response.data.data;
}

/**
 * The signed-in staff member the page carried (src/server/plugins/spa.ts), once: the element is
 * removed, so a later screen never takes a member from an old page. Undefined when there is none
 * (signed out, or a page the service worker gave without the network).
 */
export function takeEmbeddedMe(): StaffMember | undefined {
  return takeEmbeddedJson<StaffMember>(EMBEDDED_ME_ELEMENT_ID);
}

/** Query key of the signed-in staff member; saves elsewhere replace this entry with their answer. */
export { ME_QUERY_KEY };

/**
 * Query options for the signed-in staff member. Fresh for a minute so that the landing page, the
 * frame and the pages inside it share one call instead of each refetching on mount.
 */
export function meQueryOptions() {
  return queryOptions({ queryKey: ME_QUERY_KEY, queryFn: getMe, staleTime: 60_000 });
}

/** The signed-in staff member (loading, error and data states of the query). */
export function useMe() {
  return useQuery(meQueryOptions());
}
