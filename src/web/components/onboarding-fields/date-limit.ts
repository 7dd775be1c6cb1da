import dayjs, { type Dayjs } from 'dayjs';
import { ukToday } from '@shared/uk-today';

/**
 * A field's `min_date`/`max_date` (docs/product.md#onboarding: 'today' or YYYY-MM-DD) as a date; undefined when
 * there is no limit or it is not a date.
 */
export function dateLimit(limit: string | null | undefined, today: Dayjs = dayjs(ukToday())): Dayjs | undefined {
  if (!limit) return undefined;
  if (limit === 'today') return today.startOf('day');
  const date = /^\d{4}-\d{2}-\d{2}$/.test(limit) ? dayjs(limit) : dayjs(NaN);
  return date.isValid() ? date.startOf('day') : undefined;
}
