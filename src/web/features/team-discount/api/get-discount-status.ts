import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiscountStatus, DiscountStatusAnswer } from '@shared/api/team-discount.js';
import type { StaffMember } from '@shared/api/my-details.js';
import { EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID } from '@shared/discount-card-page.js';
import { api } from '@web/lib/api-client';
import { takeEmbeddedJson } from '@web/lib/embedded-json';

/**
 * GET /staff/self-service/staff-discount-status: the member's team-discount card (docs/product.md#team-discount: name,
 * location, position, selfie, expires, code, qr). 409 with the missing-selfie message when the member
 * has no picture yet (docs/product.md#team-discount), 403 when not signed in.
 */
export async function getDiscountStatus(): Promise<DiscountStatus> {
  const response = await api.get<DiscountStatusAnswer>('/staff/self-service/staff-discount-status');
  return response.data.data;
}

/**
 * The card the `/team-discount` page carried (src/server/plugins/spa.ts), once: the element is removed,
 * so a later visit never takes an old code. Undefined when there is none (signed out, no selfie yet,
 * or a page the service worker gave without the network).
 */
export function takeEmbeddedDiscountStatus(): DiscountStatus | undefined {
  return takeEmbeddedJson<DiscountStatus>(EMBEDDED_DISCOUNT_STATUS_ELEMENT_ID);
}

/** What of the staff member the card shows: a change to any of it asks for the card again. */
export type DiscountOwner = Pick<StaffMember, 'forename' | 'surname' | 'known_as' | 'selfie'>;

/**
 * Query key of the card. It carries the member's picture id and names, so a saved selfie (or a name
 * change) refetches the card (docs/product.md#team-discount: "refetched when user data changes").
 */
export function discountStatusKey(owner: DiscountOwner) {
  return [
    'team-discount',
    'status',
    owner.selfie?.data.id ?? null,
    owner.forename,
    owner.surname,
    owner.known_as,
  ] as const;
}

/** Query options of the card of `owner`. */
export function discountStatusQueryOptions(owner: DiscountOwner) {
  // Fresh for a few seconds: the page asks for the card as soon as its code runs, and the card screen,
  // mounting a moment later, must not ask again (a second code in the QR would redraw it). Later
  // visits ask again; the page refetches at `expires` itself.
  return queryOptions({ queryKey: discountStatusKey(owner), queryFn: getDiscountStatus, staleTime: 10_000 });
}

/** The team-discount card of the signed-in member (loading, error and data states of the query). */
export function useDiscountStatus(owner: DiscountOwner) {
  return useQuery(discountStatusQueryOptions(owner));
}
