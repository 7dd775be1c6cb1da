/**
 * The digits the server lets us see of a masked value: `****5678` gives '5678', `**-**-56` gives
 * '56'; '' when there is nothing (or null).
 */
export function visibleDigits(masked: string | null | undefined): string {
  return (masked ?? '').replace(/\D/g, '');
}

/**
 * The last `count` digits of a bank detail, masked or shown in full (a session that passed a second
 * factor gets `12345678`, others `****5678`: docs/product.md#the-staff-member); '' for none.
 */
export function lastDigits(value: string | null | undefined, count: number): string {
  return visibleDigits(value).slice(-count);
}

/** True when the server sent the bank detail in full (no `*`), so a form can start from it. */
export function shownInFull(value: string | null | undefined): value is string {
  return Boolean(value) && !value!.includes('*');
}
