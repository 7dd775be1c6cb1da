/** A discount card and a signed-in user for the offline-card tests (docs/product.md#team-discount). */
import type { DiscountStatus } from '@shared/api/team-discount.js';
import { saveUser } from '@web/lib/user-storage';

/** A card whose code is valid until 17:05 local time on 9 March 2026. */
export const offlineStatus: DiscountStatus = {
  name: 'Priya Shah',
  location: 'The Lantern, York',
  position: 'Bar Supervisor',
  selfie: '/api/rest/file/content/s1?expires=1&disposition=inline&sig=abc',
  // Local time, so the expected HH:mm does not depend on the machine's zone.
  expires: '2026-03-09T17:05:00',
  code: '7-K3Q9ZT2M',
  qr: 'data:image/png;base64,iVBORw0KGgo=',
};

/** What the fake selfie address answers, and the data URL it is kept as. */
export const SELFIE_BYTES = 'selfie';
export const SELFIE_DATA_URL = 'data:image/jpeg;base64,c2VsZmll';

/** Stores `id` as the signed-in user, as sign-in does. */
export function signInAs(id: string): void {
  saveUser({ id, forename: 'Priya', surname: 'Shah', email_address: `${id}@example.com` });
}

/** A fetch that answers the selfie's bytes as a JPEG, counting its calls. */
export function selfieFetch() {
  const calls: string[] = [];
  const fetch = async (input: RequestInfo | URL) => {
    calls.push(String(input));
    return { ok: true, blob: async () => new Blob([SELFIE_BYTES], { type: 'image/jpeg' }) } as Response;
  };
  return { fetch, calls };
}
