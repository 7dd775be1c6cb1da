import type { Dayjs } from 'dayjs';
import type { Translate } from '@web/i18n/i18n';

/** Display format of the date fields (docs/product.md#onboarding), in every language. */
export const DATE_FORMAT = 'DD/MM/YYYY';

/**
 * The message for a date picker validation code (docs/product.md#onboarding: invalidDate, minDate, maxDate,
 * disableFuture, disablePast, shouldDisable…), in `t`'s language; null when there is no problem.
 */
export function dateErrorText(
  code: string | null,
  limits: { minDate?: Dayjs; maxDate?: Dayjs; today: Dayjs },
  t: Translate,
): string | null {
  switch (code) {
    case null:
      return null;
    case 'invalidDate':
      return t('fields.date.invalid', { format: DATE_FORMAT });
    case 'maxDate':
    case 'disableFuture':
      if (!limits.maxDate || limits.maxDate.isSame(limits.today, 'day')) return t('fields.date.notFuture');
      return t('fields.date.onOrBefore', { date: limits.maxDate.format(DATE_FORMAT) });
    case 'minDate':
    case 'disablePast':
      if (!limits.minDate || limits.minDate.isSame(limits.today, 'day')) return t('fields.date.notPast');
      return t('fields.date.onOrAfter', { date: limits.minDate.format(DATE_FORMAT) });
    default:
      return t('fields.date.notAllowed');
  }
}
