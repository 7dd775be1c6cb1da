/** An address to start a test at: a path with its query, or its parts with history state. */
export type Address = string | { pathname: string; search?: string; state?: unknown };

/**
 * Puts jsdom's browser at `address`, where the app's router (wouter, on the History API) reads it,
 * so a test starts on that page as a user arriving there would.
 */
export function startAt(address: Address): void {
  if (typeof address === 'string') window.history.replaceState(null, '', address);
  else window.history.replaceState(address.state ?? null, '', `${address.pathname}${address.search ?? ''}`);
}
