/**
 * Team discount (docs/product.md#team-discount, discount status): the member's card with a code that
 * rotates every DISCOUNT_WINDOW_HOURS and its QR code (drawn once a window, lib/qr-cache.ts), and the check a venue's till makes
 * with its API key. Codes are checked by their MAC alone (code.ts); the lookup after that only
 * fetches who the member is, to show at the till.
 */
import { acceptedAppSecrets } from '@server/lib/secrets.js';
import { and, eq, isNull } from 'drizzle-orm';
import { SELFIE_REQUIRED_MESSAGE, type DiscountStatus, type VerifyCodeAnswer } from '@shared/api/team-discount.js';
import { ADULT_AGE } from '@shared/constants.js';
import { staff, tillKeys, venues } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { isLeaver } from '@server/lib/leavers.js';
import { AppError } from '@server/errors.js';
import { hashToken, newToken } from '@server/lib/tokens.js';
import type { SessionStaff } from '@server/plugins/session.js';
import type { Services } from '@server/services.js';
import { signedFileUrl } from '@server/modules/files/index.js';
import { ageOn } from '@server/modules/staff/index.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { checkDiscountCode, discountCode, discountKey, discountWindow } from './code.js';
import { isUuid } from '@server/lib/ids.js';

/** Seconds the selfie address on the card and at the till works. */
const SELFIE_URL_SECONDS = 15 * 60;

const windowMs = (services: Services) => services.config.discountWindowHours * 60 * 60 * 1000;
const displayName = (p: { forename: string; surname: string; knownAs: string | null }) =>
  `${p.knownAs ?? p.forename} ${p.surname}`;

/**
 * `GET /staff/self-service/staff-discount-status` for `person`, the member as the session lookup read them.
 * @throws AppError SELFIE_REQUIRED (409) with the missing-selfie message of docs/product.md#team-discount when there is no selfie.
 */
export async function getDiscountStatus(opts: {
  services: Services;
  person: SessionStaff;
  now?: Date;
}): Promise<DiscountStatus> {
  const { services, person } = opts;
  if (!person.selfieFileId) throw new AppError('SELFIE_REQUIRED', SELFIE_REQUIRED_MESSAGE);
  const window = discountWindow(opts.now ?? new Date(), windowMs(services));
  const code = discountCode(discountKey(services.appSecret), person.staffNumber, window.index);
  const qr = await services.discountQr.imageOf(code, window.end);
  return {
    name: displayName(person),
    location: person.venueName,
    position: person.position,
    selfie: signedFileUrl({
      services,
      fileId: person.selfieFileId,
      disposition: 'inline',
      ttlSeconds: SELFIE_URL_SECONDS,
    }),
    expires: window.end.toISOString(),
    code,
    qr,
  };
}

/**
 * A new API key for the till of venue `venueId`: shown once, only its hash kept.
 * @throws AppError VENUE_NOT_FOUND for an unknown venue.
 */
export async function createTillKey(opts: {
  services: Services;
  venueId: string;
  actor: string;
}): Promise<{ key: string; venue: string; id: string }> {
  const { db } = opts.services;
  const [venue] = isUuid(opts.venueId)
    ? await db.select().from(venues).where(eq(venues.id, opts.venueId)).limit(1)
    : [];
  if (!venue) throw new AppError('VENUE_NOT_FOUND', 'That venue was not found.');
  const key = `till_${newToken()}`;
  const [row] = await db
    .insert(tillKeys)
    .values({ venueId: venue.id, keyHash: hashToken(key) })
    .returning({ id: tillKeys.id });
  await audit(db, {
    actor: opts.actor,
    action: 'till_key.created',
    details: { till_key_id: row!.id, venue: venue.name },
  });
  return { key, venue: venue.name, id: row!.id };
}

/** Stops a till key working. @throws AppError BAD_REQUEST for an unknown or revoked key id. */
export async function revokeTillKey(opts: { services: Services; keyId: string; actor: string }): Promise<void> {
  const [row] = isUuid(opts.keyId)
    ? await opts.services.db
        .update(tillKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(tillKeys.id, opts.keyId), isNull(tillKeys.revokedAt)))
        .returning({ id: tillKeys.id })
    : [];
  if (!row) throw new AppError('BAD_REQUEST', `No working till key has the id ${opts.keyId}.`);
  await audit(opts.services.db, { actor: opts.actor, action: 'till_key.revoked', details: { till_key_id: row.id } });
}

/** The venue a till key belongs to. @throws AppError TILL_KEY_INVALID (403) for a missing, unknown or revoked key. */
export async function authenticateTill(opts: {
  services: Services;
  authorization: string | undefined;
}): Promise<{ venueId: string }> {
  const key = /^Bearer (till_[A-Za-z0-9_-]{43})$/.exec(opts.authorization ?? '')?.[1];
  const [row] = key
    ? await opts.services.db
        .select()
        .from(tillKeys)
        .where(and(eq(tillKeys.keyHash, hashToken(key)), isNull(tillKeys.revokedAt)))
        .limit(1)
    : [];
  if (!row) throw new AppError('TILL_KEY_INVALID', 'This till key is not valid. Ask HR for a new one.');
  return { venueId: row.venueId };
}

/** `POST /discount/verify`: who a code belongs to and whether it is current, for the till's screen. */
export async function verifyTillCode(opts: {
  services: Services;
  code: string;
  now?: Date;
}): Promise<VerifyCodeAnswer['data']> {
  const { services } = opts;
  const now = opts.now ?? new Date();
  const check = checkDiscountCode(acceptedAppSecrets(services).map(discountKey), opts.code, now, windowMs(services));
  if (check.status !== 'current') return { valid: false, reason: check.status };
  const [row] = await services.db
    .select({ staff, venueName: venues.name })
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(eq(staff.staffNumber, check.staffNumber))
    .limit(1);
  if (!row) return { valid: false, reason: 'not_recognised' };
  // A leaver's card stops at the till when their access ends (docs/product.md#leavers).
  if (isLeaver(row.staff.accessEndsAt, now)) return { valid: false, reason: 'left' };
  const age = ageOn(row.staff.dateOfBirth, todayInUk(now));
  return {
    valid: true,
    name: displayName(row.staff),
    location: row.venueName,
    position: row.staff.position,
    selfie: row.staff.selfieFileId
      ? `${services.config.publicUrl}${signedFileUrl({ services, fileId: row.staff.selfieFileId, disposition: 'inline', ttlSeconds: SELFIE_URL_SECONDS })}`
      : null,
    age,
    under_18: age !== null && age < ADULT_AGE,
    expires: discountWindow(now, windowMs(services)).end.toISOString(),
  };
}
