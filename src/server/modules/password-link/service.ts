/**
 * Set-your-password links (docs/product.md#password-links, decision 0051): with the embedded provider a
 * member signs in with a password, and one added by the staff import, the console's Add person or
 * `create-staff` has none, while one who forgot theirs needs a new one. A link token of the onboarding
 * kind (256-bit, only its SHA-256 kept, `LINK_TOKEN_DAYS`, the same 404 for unknown and expired) lets
 * them set it once. One live link per member: a new one replaces the last. With an external provider
 * passwords live there, so there are no such links at all.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { PasswordLink } from '@shared/api/password-link.js';
import { getBrand, type BrandId } from '@shared/brands.js';
import { checkPassword, passwordAcceptable, PASSWORD_MIN_LENGTH } from '@shared/password-rules.js';
import type { Db } from '@server/db/client.js';
import { oidcPayloads, onboardings, passwordLinks, sessions, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { audit } from '@server/lib/audit.js';
import { whyNotDelivered, type DeliveryProblem } from '@server/lib/delivery-queue.js';
import { isLeaver } from '@server/lib/leavers.js';
import type { MailMessage } from '@server/lib/mailer.js';
import { hashPassword } from '@server/lib/passwords.js';
import { hashToken } from '@server/lib/tokens.js';
import { findStaffWithVenue } from '@server/modules/staff/index.js';
import { linkMailFooter, linkNotValid, newLinkToken } from '@server/modules/documents/index.js';
import type { AppConfig } from '@server/config.js';
import type { Services } from '@server/services.js';

/** The delivery queue's purpose of a password link sent on its own (the import's goes in its invitation). */
export const PASSWORD_LINK_PURPOSE = 'password-link';

/** Why no link can be sent with an external provider (docs/product.md#password-links). */
const PASSWORDS_AT_PROVIDER =
  'Passwords are kept by the group’s sign-in provider, so Staffroom has no password link to send.';

/** True when members sign in with a Staffroom password: the embedded provider (docs/architecture.md#identity). */
export const usesPasswords = (config: Pick<AppConfig, 'oidc'>): boolean => config.oidc.mode !== 'external';

/** A new link for `staffId`: the address to send, and the row that makes it work (to save with savePasswordLinks). */
export function newPasswordLink(
  config: Pick<AppConfig, 'publicUrl' | 'linkTokenDays'>,
  staffId: string,
  from = new Date(),
): { link: string; expiresAt: Date; row: typeof passwordLinks.$inferInsert } {
  const { token, tokenHash, expiresAt } = newLinkToken(config.linkTokenDays, from);
  return { link: `${config.publicUrl}/set-password/${token}`, expiresAt, row: { staffId, tokenHash, expiresAt } };
}

/** Saves new links in `tx`, each replacing its member's earlier one, which stops working. */
export async function savePasswordLinks(
  tx: Pick<Db, 'insert'>,
  rows: (typeof passwordLinks.$inferInsert)[],
): Promise<void> {
  for (let i = 0; i < rows.length; i += 500) {
    await tx
      .insert(passwordLinks)
      .values(rows.slice(i, i + 500))
      .onConflictDoUpdate({
        target: passwordLinks.staffId,
        set: {
          tokenHash: sql`excluded.token_hash`,
          expiresAt: sql`excluded.expires_at`,
          createdAt: sql`excluded.created_at`,
        },
      });
  }
}

/** The mail carrying a password link on its own, from the console or the CLI, in the person's language. */
export function passwordLinkMail(
  config: Pick<AppConfig, 'publicUrl' | 'brand'>,
  person: { email: string; forename: string; brand: string | null; language?: string | null },
  link: string,
  expiresAt: Date,
): MailMessage {
  const brand = getBrand(person.brand ?? config.brand);
  const t = serverTranslator(person.language);
  return {
    to: person.email,
    subject: t('passwordLink.subject', { brand: brand.name }),
    text: [
      t('mail.hi', { name: person.forename }),
      '',
      t('passwordLink.text', { brand: brand.name, link, loginUrl: `${config.publicUrl}/login`, email: person.email }),
      '',
      ...linkMailFooter(expiresAt, person.language),
    ].join('\n'),
  };
}

/**
 * Emails member `staffId` a new password link, replacing any earlier one, and tries the mail at once.
 * @returns the link (for HR to hand over when the mail did not go), its expiry, and why the mail did not go.
 * @throws AppError CONFLICT with an external provider (PASSWORDS_AT_PROVIDER), for a leaver, and for
 *   someone still onboarding (their onboarding link sets the password); NOT_FOUND for an unknown id.
 */
export async function sendPasswordLink(opts: {
  services: Services;
  staffId: string;
  actor: string;
  ip?: string;
}): Promise<{ link: string; expiresAt: Date; mailError?: DeliveryProblem }> {
  const { services } = opts;
  if (!usesPasswords(services.config)) throw new AppError('CONFLICT', PASSWORDS_AT_PROVIDER);
  const person = await findStaffWithVenue(services.db, { id: opts.staffId });
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  if (isLeaver(person.accessEndsAt)) {
    throw new AppError('CONFLICT', 'They have left, so they cannot sign in: there is no password to set.');
  }
  const [onboarding] = await services.db
    .select({ step: onboardings.step })
    .from(onboardings)
    .where(eq(onboardings.staffId, person.id))
    .limit(1);
  if (onboarding && onboarding.step !== 'complete') {
    throw new AppError(
      'CONFLICT',
      'They have not finished onboarding: their onboarding link sets their password. Send that link again instead.',
    );
  }
  const made = newPasswordLink(services.config, person.id);
  const deliveryId = await services.db.transaction(async (tx) => {
    await savePasswordLinks(tx, [made.row]);
    const id = await services.deliveries.enqueue(tx, {
      purpose: PASSWORD_LINK_PURPOSE,
      staffId: person.id,
      mail: passwordLinkMail(
        services.config,
        {
          email: person.emailAddress,
          forename: person.knownAs ?? person.forename,
          brand: person.venueBrand,
          language: person.language,
        },
        made.link,
        made.expiresAt,
      ),
    });
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: 'staff.password_link_sent',
      ip: opts.ip ?? null,
      details: { expires_at: made.expiresAt.toISOString() },
    });
    return id;
  });
  const mailError = await whyNotDelivered(services.deliveries, deliveryId);
  return { link: made.link, expiresAt: made.expiresAt, ...(mailError && { mailError }) };
}

/**
 * The member a working link is for, at `now`.
 * @throws AppError NOT_FOUND (the one link text) for an unknown, expired or used token, a leaver's, and
 *   any token with an external provider.
 */
async function findLink(services: Services, token: string, now: Date) {
  if (!usesPasswords(services.config)) throw linkNotValid();
  const [row] = await services.db
    .select({
      staffId: passwordLinks.staffId,
      forename: staff.forename,
      knownAs: staff.knownAs,
      accessEndsAt: staff.accessEndsAt,
      brand: venues.brand,
    })
    .from(passwordLinks)
    .innerJoin(staff, eq(staff.id, passwordLinks.staffId))
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(and(eq(passwordLinks.tokenHash, hashToken(token)), gt(passwordLinks.expiresAt, now)))
    .limit(1);
  if (!row || isLeaver(row.accessEndsAt, now)) throw linkNotValid();
  return row;
}

/** `GET /staff/password-link/<token>`: whom the link is for. @throws AppError NOT_FOUND as findLink. */
export async function getPasswordLink(opts: { services: Services; token: string }): Promise<PasswordLink> {
  const row = await findLink(opts.services, opts.token, new Date());
  const brand = getBrand(row.brand ?? opts.services.config.brand);
  return { forename: row.knownAs ?? row.forename, brand: { id: brand.id as BrandId, name: brand.name } };
}

/**
 * `POST /staff/password-link/<token>`: sets the member's password by the onboarding password step's
 * rules, once. As a password change it ends every session of theirs, the portal's and the embedded
 * provider's, and it is audited as `staff.password_set` (no secret in it).
 * @throws AppError NOT_FOUND as findLink (also for a link used meanwhile); BAD_REQUEST with the field
 *   errors of docs/product.md#password-step, changing nothing.
 */
export async function setPasswordFromLink(opts: {
  services: Services;
  token: string;
  password: string;
  passwordCheck: string;
  ip: string;
}): Promise<void> {
  const { services } = opts;
  const link = await findLink(services, opts.token, new Date());
  const checks = checkPassword(opts.password, opts.passwordCheck);
  if (!passwordAcceptable(checks, true)) {
    throw new AppError('BAD_REQUEST', 'Choose a password that meets the rules.', [
      ...(checks.length ? [] : [{ field: 'password', error: `must be at least ${PASSWORD_MIN_LENGTH} characters` }]),
      ...(checks.digit ? [] : [{ field: 'password', error: 'must contain at least 1 digit' }]),
      ...(checks.matches ? [] : [{ field: 'password_check', error: 'must be the same as the password' }]),
    ]);
  }
  const passwordHash = await hashPassword(opts.password);
  await services.db.transaction(async (tx) => {
    // Taking the row is what makes the link single use: of two racing posts, one finds it gone.
    const [used] = await tx
      .delete(passwordLinks)
      .where(
        and(
          eq(passwordLinks.staffId, link.staffId),
          eq(passwordLinks.tokenHash, hashToken(opts.token)),
          gt(passwordLinks.expiresAt, new Date()),
        ),
      )
      .returning({ staffId: passwordLinks.staffId });
    if (!used) throw linkNotValid();
    await tx.update(staff).set({ passwordHash, updatedAt: new Date() }).where(eq(staff.id, link.staffId));
    // Whoever knew the old password is signed out everywhere: the portal's sessions, and the embedded
    // provider's own, which would otherwise sign them straight back in.
    await tx
      .update(sessions)
      .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
      .where(eq(sessions.staffId, link.staffId));
    await tx
      .delete(oidcPayloads)
      .where(and(eq(oidcPayloads.type, 'Session'), sql`${oidcPayloads.payload}->>'accountId' = ${link.staffId}`));
    await audit(tx, {
      staffId: link.staffId,
      actor: `staff:${link.staffId}`,
      action: 'staff.password_set',
      ip: opts.ip,
      details: { via: 'password-link' },
    });
  });
}
