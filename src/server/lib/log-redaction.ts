/**
 * What request logs may show. Link tokens travel in paths (`/onboard/<token>`) and authorization codes
 * in queries (`/login?code=...`), so URLs are logged with query values and token-shaped runs in the
 * path replaced; cookies, authorization and XSRF headers are never logged (bodies never are).
 */

/** A run of link-token characters long enough to be a token (tokens are 43; a mail client may add `.`). */
const TOKEN_RUNS = /[A-Za-z0-9_-]{32,}/g;
/** Anywhere in a path: without such a run, or a percent escape that could spell one, nothing is token-like. */
const TOKEN_RUN = /[A-Za-z0-9_-]{32}|%/;

/**
 * A path segment with every token-shaped run replaced, whatever surrounds it (`<token>.`, `<token>%29`).
 * The router decodes percent escapes before matching a token, so a token spelled with escapes is found
 * in the decoded segment, and such a segment is logged decoded and redacted.
 */
function redactSegment(seg: string): string {
  if (!seg.includes('%')) return seg.replace(TOKEN_RUNS, '[redacted]');
  let decoded: string;
  try {
    decoded = decodeURIComponent(seg);
  } catch {
    decoded = seg;
  }
  const redacted = decoded.replace(TOKEN_RUNS, '[redacted]');
  return redacted === decoded ? seg.replace(TOKEN_RUNS, '[redacted]') : redacted;
}

/** `url` with every query value and every token-shaped run in its path replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  // Most addresses (every signed-in API call) have neither: one scan instead of a split and a join.
  if (q === -1 && !TOKEN_RUN.test(url)) return url;
  const path = q === -1 ? url : url.slice(0, q);
  const query = q === -1 ? '' : url.slice(q + 1);
  const safePath = path.split('/').map(redactSegment).join('/');
  if (!query) return safePath;
  const keys = query
    .split('&')
    .filter(Boolean)
    .map((pair) => `${pair.split('=')[0]}=[redacted]`);
  return `${safePath}?${keys.join('&')}`;
}

/**
 * Pino paths that must never reach a log line. A request and its answer are logged under `req` and
 * `res` only through the serializers of app.ts, which write no headers at all; paths under those two
 * keys would make pino run its redactor on every request's line for nothing (a tenth of the CPU of a
 * signed-in `GET /me`), so headers are redacted wherever else they might be logged.
 */
export const REDACT_PATHS = [
  'headers.cookie',
  'headers.authorization',
  'headers["x-xsrf-token"]',
  'headers["set-cookie"]',
  'password',
  'password_check',
  'bank_account',
  'sort_code',
  'code',
  'token',
];
