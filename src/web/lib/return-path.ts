/**
 * Where to go back after signing in (docs/product.md#auth): an answer that means the session has ended
 * remembers the page the member was on, and the sign-in screen returns there. Kept in this tab's
 * sessionStorage; only a path of this site is ever returned (never `//host` or an address elsewhere).
 */
const KEY = 'staffroom.return-path';

const isOwnPath = (path: string) =>
  path.startsWith('/') && !path.startsWith('//') && !path.startsWith('/\\') && !/^\/login(?:[/?#]|$)/.test(path);

/** Remembers `path` (pathname, search and hash of this site). */
export function rememberReturnPath(path: string): void {
  try {
    if (isOwnPath(path)) sessionStorage.setItem(KEY, path);
  } catch {
    // Storage refused (private mode): the member lands on the dashboard instead.
  }
}

/** The remembered path, if any and if it is one of this site's. */
export function readReturnPath(): string | undefined {
  try {
    const path = sessionStorage.getItem(KEY);
    return path && isOwnPath(path) ? path : undefined;
  } catch {
    return undefined;
  }
}

export function clearReturnPath(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // Nothing kept.
  }
}
