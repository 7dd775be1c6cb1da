import dayjs from 'dayjs';

/** True when an MOT expiry date (YYYY-MM-DD) is before today: mileage cannot be claimed then. */
export function isMotExpired(expiryDate: string | null, now: Date = new Date()): boolean {
  if (!expiryDate) return false;
  const expiry = dayjs(expiryDate);
  return expiry.isValid() && expiry.endOf('day').isBefore(now);
}
