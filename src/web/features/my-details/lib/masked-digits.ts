/**
 * The digits the server lets us see of a masked value: `****5678` gives '5678', `**-**-56` gives
 * '56'; '' when there is nothing (or null).
 */
export function visibleDigits(masked: string | null | undefined): string {
  return (masked ?? '').replace(/\D/g, '');
}
