const DATE = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/** True for a real calendar date written DD/MM/YYYY (docs/product.md#surveys: how survey dates are stored). */
export function isSurveyDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const match = DATE.exec(value);
  if (!match) return false;
  const [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}
