/**
 * A link into My Details with the Profile Picture modal open, for pages of other features (Team
 * Discount's "Update my picture", docs/product.md#team-discount) that must not import My Details itself:
 * `navigate(PROFILE_PICTURE_PATH, { state: returnTo('/team-discount') })` (history state). My Details opens the
 * modal when `?open=picture` is present and, when the modal closes, goes back to `returnTo` if one was
 * given, or else drops the parameter so a reload does not open it again.
 */

/** Query parameter naming the My Details modal to open on arrival. */
export const OPEN_MODAL_PARAM = 'open';

/** Its value for the Profile Picture modal. */
export const PICTURE_MODAL_VALUE = 'picture';

/** My Details with the Profile Picture modal open. */
export const PROFILE_PICTURE_PATH = `/my-details?${OPEN_MODAL_PARAM}=${PICTURE_MODAL_VALUE}`;

/** History state asking the page to go back to `returnTo` when its modal closes. */
export interface ReturnToState {
  returnTo: string;
}

/** History state for a link whose modal, once closed, returns to `path` (an in-app path). */
export function returnTo(path: string): ReturnToState {
  return { returnTo: path };
}

/**
 * The in-app path to return to from history state, or null. Only a path of this app counts
 * (`/team-discount`, not `//evil.example.com` nor `https://…`).
 */
export function returnToOf(state: unknown): string | null {
  if (typeof state !== 'object' || state === null) return null;
  const path = (state as Partial<ReturnToState>).returnTo;
  if (typeof path !== 'string' || !path.startsWith('/') || path.startsWith('//') || path.startsWith('/\\')) return null;
  return path;
}
