/** A time question's answer while it is edited: each end HH:mm (hours 0-23, docs/product.md#surveys), or null while empty. */
export interface TimeRange {
  from: string | null;
  until: string | null;
}

/** Minutes between the options of the range pickers (docs/product.md#surveys: 60 in the range picker, 5 elsewhere). */
export const TIME_RANGE_MINUTES_STEP = 60;

const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** True for a 24-hour HH:mm time, 00:00 to 23:59. */
export function isSurveyTime(value: unknown): value is string {
  return typeof value === 'string' && TIME.test(value);
}

/**
 * docs/product.md#surveys: if from is later than until, from is reset to the until value. Applied after either end
 * changes; a range with an empty end is left alone.
 */
export function applyTimeRangeRule(range: TimeRange): TimeRange {
  const { from, until } = range;
  // Zero-padded HH:mm compares correctly as text.
  if (from !== null && until !== null && from > until) return { from: until, until };
  return range;
}
