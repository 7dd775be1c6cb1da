import type { StaffMember } from '@shared/api/my-details.js';
import { OFFLINE_MEMBER_STORAGE_KEY } from './offline-discount-card';
import { signedInUserId } from './user-storage';

// What the dashboard last showed, kept on the phone for when there is no signal (docs/product.md#frame).
// Like the discount card, the app keeps it itself: `/me` stays `no-store` and the service worker caches
// no API answer. Only what the dashboard draws is kept: no contact details, no bank details (not even
// masked), no picture, and not the quality-of-life survey address, which may carry a personal token and
// cannot open without signal anyway. Cleared with the card (clearOfflineData).

/** The part of the member the dashboard draws, as kept for no signal. */
export type OfflineMember = Pick<
  StaffMember,
  'forename' | 'onboard_complete' | 'initial_training_complete' | 'show_audit' | 'qol_link'
>;

interface StoredMember {
  version: 1;
  /** Id of the signed-in user (`user` in localStorage) the member belongs to. */
  owner: string;
  member: Omit<OfflineMember, 'qol_link'>;
}

/**
 * Keeps the dashboard's part of `member` (an answer of `/me`) for the signed-in user; nothing when
 * no signed-in user is stored or storage is full or unavailable.
 */
export function keepOfflineMember(member: StaffMember): void {
  const owner = signedInUserId();
  if (!owner) return;
  const stored: StoredMember = {
    version: 1,
    owner,
    member: {
      forename: member.forename,
      onboard_complete: member.onboard_complete,
      initial_training_complete: member.initial_training_complete,
      show_audit: member.show_audit,
    },
  };
  try {
    window.localStorage.setItem(OFFLINE_MEMBER_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    /* storage full or unavailable: the dashboard shows only the offline notice without signal */
  }
}

/** The kept member of the signed-in user, or null when none is kept, it is someone else's or unreadable. */
export function loadOfflineMember(): OfflineMember | null {
  try {
    const raw = window.localStorage.getItem(OFFLINE_MEMBER_STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<StoredMember>) : null;
    const owner = signedInUserId();
    if (stored?.version !== 1 || !owner || stored.owner !== owner || typeof stored.member?.forename !== 'string')
      return null;
    return { ...stored.member, qol_link: null };
  } catch {
    return null;
  }
}
