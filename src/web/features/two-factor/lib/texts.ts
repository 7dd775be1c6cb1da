/** Title of the two-factor dialog (docs/product.md#two-factor: Global elements). */
export const TWO_FACTOR_TITLE = 'Two Factor Auth Required';

/** A time of day as HH:mm in the viewer's time zone; '' when it is not a date. */
export function timeOfDay(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return `${String(date.getHours()).padStart(2, '0')}:${String(date.getMinutes()).padStart(2, '0')}`;
}
