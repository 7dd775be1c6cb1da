/**
 * The people list's `after` cursor (docs/decisions/0065-people-keyset-paging.md): the position of a
 * page's last row in one sort and direction, for the next page to read on from instead of skipping
 * an offset. It carries the sort, the direction, the two sort values (a text, a date or null) and the
 * person's id, as base64url JSON with an HMAC under the app secret, so a client can neither forge a
 * position nor send a value of another type; the decoded position is parsed again before it reaches a
 * query, where it is only ever a bound parameter.
 */
import { z } from 'zod';
import { PEOPLE_SORTS } from '@shared/api/console/people.js';
import { AppError } from '@server/errors.js';
import { derivedKey } from '@server/lib/derived-keys.js';
import { acceptedAppSecrets } from '@server/lib/secrets.js';
import { hmac, safeEqual } from '@server/lib/tokens.js';

/** Where a page ended: `keys` are the sort's two values (the first may be null), `id` the tie-break. */
export const peopleCursorSchema = z.object({
  sort: z.enum(PEOPLE_SORTS),
  direction: z.enum(['asc', 'desc']),
  keys: z.tuple([z.string().max(1000).nullable(), z.string().max(1000)]),
  id: z.uuid(),
});
export type PeopleCursor = z.infer<typeof peopleCursorSchema>;

/** The app secrets a cursor is signed (the first) and checked (each) with. */
export interface CursorSecrets {
  appSecret: string;
  previousAppSecret?: string;
}

const signingKey = (appSecret: string) => derivedKey(appSecret, 'people-cursor').toString('base64');

/** What a client gets for a cursor that is not one of ours, or not for the list it asks for. */
export const BAD_CURSOR = 'That page of the list is out of date. Go back to the first page.';

/** The opaque `after` value for `cursor`: `<base64url JSON>.<base64url HMAC>`. */
export function encodePeopleCursor(secrets: CursorSecrets, cursor: PeopleCursor): string {
  const body = Buffer.from(JSON.stringify(cursor)).toString('base64url');
  return `${body}.${hmac(signingKey(secrets.appSecret), body)}`;
}

/**
 * The position in `after`, checked: signed by this server (or under the app secret before a
 * rotation), well formed, and made for `sort` and `direction`.
 * @throws AppError BAD_REQUEST otherwise.
 */
export function decodePeopleCursor(
  secrets: CursorSecrets,
  after: string,
  expected: Pick<PeopleCursor, 'sort' | 'direction'>,
): PeopleCursor {
  const [body, sig, ...rest] = after.split('.');
  const signed =
    body !== undefined &&
    sig !== undefined &&
    rest.length === 0 &&
    acceptedAppSecrets(secrets).some((secret) => safeEqual(sig, hmac(signingKey(secret), body)));
  if (!signed) throw new AppError('BAD_REQUEST', BAD_CURSOR);
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    throw new AppError('BAD_REQUEST', BAD_CURSOR);
  }
  const parsed = peopleCursorSchema.safeParse(decoded);
  if (!parsed.success || parsed.data.sort !== expected.sort || parsed.data.direction !== expected.direction)
    throw new AppError('BAD_REQUEST', BAD_CURSOR);
  // A start date travels as text: it must be a date, or PostgreSQL would refuse it with a 500.
  if (
    parsed.data.sort === 'start_date' &&
    parsed.data.keys[0] !== null &&
    !z.iso.date().safeParse(parsed.data.keys[0]).success
  )
    throw new AppError('BAD_REQUEST', BAD_CURSOR);
  return parsed.data;
}
