import dayjs from 'dayjs';

/** Display format of dates (docs/product.md#constants: DD/MM/YYYY). */
export const DISPLAY_DATE_FORMAT = 'DD/MM/YYYY';

/**
 * An ISO date or date-time (`2026-03-01T10:15:00Z`) as DD/MM/YYYY in the viewer's time zone
 * (docs/product.md#documents: "signed on DD/MM/YYYY"); '' when it is not a date.
 */
export function formatDisplayDate(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format(DISPLAY_DATE_FORMAT) : '';
}

/** Display format of date-times (docs/product.md#constants: the discount code's expiry as DD/MM/YYYY HH:mm). */
export const DISPLAY_DATE_TIME_FORMAT = 'DD/MM/YYYY HH:mm';

/** An ISO date-time as DD/MM/YYYY HH:mm (24-hour) in the viewer's time zone; '' when it is not a date. */
export function formatDisplayDateTime(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format(DISPLAY_DATE_TIME_FORMAT) : '';
}

/** Display format of times of day (docs/product.md#team-discount: the offline card's "valid until HH:mm"). */
export const DISPLAY_TIME_FORMAT = 'HH:mm';

/** An ISO date-time as HH:mm (24-hour) in the viewer's time zone; '' when it is not a date. */
export function formatDisplayTime(iso: string): string {
  const date = dayjs(iso);
  return date.isValid() ? date.format(DISPLAY_TIME_FORMAT) : '';
}
