import { ukToday } from '@shared/uk-today';

/** True when an MOT expiry date (YYYY-MM-DD) is before today in the UK: mileage cannot be claimed then. */
export function isMotExpired(expiryDate: string | null, now: Date = new Date()): boolean {
  if (!expiryDate) return false;
  // Both YYYY-MM-DD, so they compare as text.
  return /^\d{4}-\d{2}-\d{2}$/.test(expiryDate) && expiryDate < ukToday(now);
}
