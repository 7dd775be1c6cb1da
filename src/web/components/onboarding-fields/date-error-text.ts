import type { Dayjs } from 'dayjs';

/** Display format of the date fields (docs/product.md#onboarding). */
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The message for a date picker validation code (docs/product.md#onboarding: invalidDate, minDate, maxDate,
 * disableFuture, disablePast, shouldDisable…); null when there is no problem.
 */
export function dateErrorText(
  code: string | null,
  limits: { minDate?: Dayjs; maxDate?: Dayjs; today: Dayjs },
): string | null {
  switch (code) {
    case null:
      return null;
    case 'invalidDate':
      return `Enter a date as ${DATE_FORMAT}`;
    case 'maxDate':
    case 'disableFuture':
      if (!limits.maxDate || limits.maxDate.isSame(limits.today, 'day')) return 'The date cannot be in the future';
      return `Enter a date on or before ${limits.maxDate.format(DATE_FORMAT)}`;
    case 'minDate':
    case 'disablePast':
      if (!limits.minDate || limits.minDate.isSame(limits.today, 'day')) return 'The date cannot be in the past';
      return `Enter a date on or after ${limits.minDate.format(DATE_FORMAT)}`;
    default:
      return 'This date cannot be chosen';
  }
}
