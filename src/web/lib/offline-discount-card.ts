import type { DiscountStatus } from '@shared/api/team-discount.js';
import { readFileAsDataUrl } from './read-file-as-data-url';
import { signedInUserId } from './user-storage';

// The team-discount card kept on the phone for when there is no signal (docs/product.md#team-discount).
// The app keeps it itself, in localStorage: personal API answers stay `no-store` and the service
// worker caches none of them. It lives in lib because auth clears it (sign-out, another member) and
// the API client clears it (an answer that says the session has ended), together with the member kept
// for the dashboard (./offline-member), whose key is here so that clearing it costs the sign-in screen,
// which loads this module, nothing more.

/** localStorage key of the kept card. */
export const OFFLINE_CARD_STORAGE_KEY = 'staffroom.offline-discount-card';

/** localStorage key of the member kept for the dashboard without signal (./offline-member). */
export const OFFLINE_MEMBER_STORAGE_KEY = 'staffroom.offline-member';

/** Side, in pixels, the selfie is shrunk to: the card shows it at 112 CSS px, three device pixels each. */
const SELFIE_PX = 336;

/** The card as it shows offline: the last status fetched (selfie as a data URL) and the member's age. */
export interface OfflineCard {
  status: DiscountStatus;
  /** For the under-18 warning; null when unknown. */
  age: number | null;
}

interface StoredCard extends OfflineCard {
  version: 1;
  /** Id of the signed-in user (`user` in localStorage) the card belongs to. */
  owner: string;
  /** Path of the selfie's address without its signature, to tell a new picture from the same one. */
  selfiePath: string;
}

function readStored(): StoredCard | null {
  try {
    const raw = window.localStorage.getItem(OFFLINE_CARD_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredCard>) : null;
    return stored?.version === 1 && typeof stored.owner === 'string' && stored.status ? (stored as StoredCard) : null;
  } catch {
    return null;
  }
}

function write(card: StoredCard): boolean {
  try {
    window.localStorage.setItem(OFFLINE_CARD_STORAGE_KEY, JSON.stringify(card));
    return true;
  } catch {
    return false;
  }
}

function remove(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    /* nothing kept that we could remove */
  }
}

/**
 * Forgets everything kept for no signal, the card and the member kept for the dashboard: at sign-out
 * and when an answer says the session has ended.
 */
export function clearOfflineData(): void {
  remove(OFFLINE_CARD_STORAGE_KEY);
  remove(OFFLINE_MEMBER_STORAGE_KEY);
}

/**
 * Called when someone signs in on this phone: forgets the kept card unless it belongs to `userId`, and
 * the kept member in any case (the first signed-in page keeps it again from `/me`).
 */
export function clearOfflineDataOfOthers(userId: string): void {
  const stored = readStored();
  remove(OFFLINE_MEMBER_STORAGE_KEY);
  if (stored && stored.owner !== userId) remove(OFFLINE_CARD_STORAGE_KEY);
}

/**
 * The kept card of the signed-in member while its code is still valid at `now` (ms since the epoch);
 * null when there is none, it is someone else's, or `expires` has passed: an expired code is refused
 * at the till anyway.
 */
export function loadOfflineCard(now: number): OfflineCard | null {
  const stored = readStored();
  const owner = signedInUserId();
  if (!stored || !owner || stored.owner !== owner) return null;
  if (!(Date.parse(stored.status.expires) > now)) return null;
  return { status: stored.status, age: stored.age };
}

/** The selfie as a small JPEG data URL; the picture as it came when the browser cannot redraw it. */
async function smallDataUrl(picture: Blob): Promise<string> {
  try {
    const bitmap = await createImageBitmap(picture);
    const scale = Math.min(1, SELFIE_PX / Math.min(bitmap.width, bitmap.height));
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(bitmap.width * scale);
    canvas.height = Math.round(bitmap.height * scale);
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d canvas');
    context.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
    bitmap.close();
    return canvas.toDataURL('image/jpeg', 0.85);
  } catch {
    return readFileAsDataUrl(picture);
  }
}

/** The picture behind a signed address as a data URL, or null when it cannot be fetched. */
async function fetchSelfie(address: string, signal?: AbortSignal): Promise<string | null> {
  try {
    const response = await fetch(address, { signal, credentials: 'same-origin' });
    return response.ok ? await smallDataUrl(await response.blob()) : null;
  } catch {
    return null;
  }
}

/**
 * Keeps `status` (the answer of the discount status call) on the phone as the signed-in member's
 * card, with `age` for the under-18 warning. Its selfie is a short-lived address, so the picture
 * itself is kept, shrunk, as a data URL; it is fetched again only when the picture changed. Nothing
 * is kept when no signed-in user is stored, when `signal` aborts first (a newer answer arrived), or
 * when the signed-in user changed meanwhile.
 * Storage that is full or unavailable keeps the card without its picture, or nothing.
 */
export async function keepOfflineCard(status: DiscountStatus, age: number | null, signal?: AbortSignal): Promise<void> {
  const owner = signedInUserId();
  if (!owner) return;
  const selfiePath = status.selfie.split('?')[0] ?? status.selfie;
  const previous = readStored();
  const kept = previous?.owner === owner && previous.status.selfie !== '' ? previous : null;
  let picture: { selfie: string; selfiePath: string };
  if (kept && kept.selfiePath === selfiePath) picture = { selfie: kept.status.selfie, selfiePath };
  else {
    const fetched = await fetchSelfie(status.selfie, signal);
    // Without the new picture, the member's previous one is better than none; it is asked for again next time.
    picture = fetched
      ? { selfie: fetched, selfiePath }
      : { selfie: kept?.status.selfie ?? '', selfiePath: kept?.selfiePath ?? '' };
  }
  // Signed out (or someone else signed in) while the picture was on its way: keep nothing.
  if (signal?.aborted || signedInUserId() !== owner) return;
  const card: StoredCard = {
    version: 1,
    owner,
    age,
    selfiePath: picture.selfiePath,
    status: { ...status, selfie: picture.selfie },
  };
  if (!write(card)) write({ ...card, selfiePath: '', status: { ...status, selfie: '' } });
}
