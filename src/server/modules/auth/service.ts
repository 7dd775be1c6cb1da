/**
 * Staff sign-in through OpenID Connect (docs/architecture.md#identity): `startSignIn` stores the state (hashed),
 * PKCE verifier and nonce server-side for 10 minutes, bound to the browser that asked (the sign-in
 * cookie, RFC 9700 §2.1 and §4.7); `completeSignIn` consumes them exactly once and only for that
 * browser, redeems the code and maps the ID token to a staff member.
 */
import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import type { SignedInUser } from '@shared/api/auth.js';
import type { Db } from '@server/db/client.js';
import { authRequests, staff } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { accessEndedMessage, isLeaver } from '@server/lib/leavers.js';
import { AppError } from '@server/errors.js';
import { hashToken } from '@server/lib/tokens.js';
import type { RelyingParty } from './relying-party.js';

/** How long a sign-in attempt stays redeemable. */
export const AUTH_REQUEST_TTL_MS = 10 * 60_000;

const TRY_AGAIN = 'This sign-in attempt has expired or was already used. Please press Login and try again.';

/**
 * Starts a sign-in: answers the provider's authorization URL.
 * @throws AppError BAD_REQUEST when `redirectUri` is not the portal's own `/login`.
 */
export async function startSignIn(opts: {
  db: Db;
  rp: RelyingParty;
  publicUrl: string;
  redirectUri: string;
  /** The sign-in cookie's value: the secret only the browser that started the attempt holds. */
  browserBinding: string;
  /** Ask the provider for the password whatever session it holds (after a sign-out it could not end). */
  promptLogin?: boolean;
}): Promise<{ url: string }> {
  const allowed = `${opts.publicUrl}/login`;
  if (opts.redirectUri !== allowed) {
    throw new AppError('BAD_REQUEST', 'This sign-in address is not allowed.', [
      { field: 'redirect_uri', error: `Must be ${allowed}` },
    ]);
  }
  const { url, state, nonce, codeVerifier } = await opts.rp.startAuthorization(allowed, opts.promptLogin);
  const now = Date.now();
  await opts.db.delete(authRequests).where(lt(authRequests.expiresAt, new Date(now - AUTH_REQUEST_TTL_MS)));
  await opts.db.insert(authRequests).values({
    stateHash: hashToken(state),
    codeVerifier,
    nonce,
    redirectUri: allowed,
    browserHash: hashToken(opts.browserBinding),
    createdAt: new Date(now),
    expiresAt: new Date(now + AUTH_REQUEST_TTL_MS),
  });
  return { url };
}

/**
 * Completes a sign-in. The state is consumed atomically, so a replay finds nothing, and only by the
 * browser that started it: a code and state carried to another browser (login CSRF) find nothing either.
 * @throws AppError BAD_REQUEST for an unknown, used, expired, mismatched or other browser's state or code;
 *   FORBIDDEN when the identity matches no staff member; ACCESS_ENDED for a leaver (docs/product.md#leavers),
 *   whichever provider they signed in with.
 */
export async function completeSignIn(opts: {
  db: Db;
  rp: RelyingParty;
  code: string;
  state: string;
  /** The sign-in cookie's value, or undefined when the browser sent none. */
  browserBinding: string | undefined;
  /** Embedded provider: the subject is the staff id. External: matched by subject, then email. */
  mode: 'embedded' | 'external';
  ip: string;
}): Promise<{ staffId: string; user: SignedInUser; idToken?: string }> {
  const { db } = opts;
  if (!opts.browserBinding) throw new AppError('BAD_REQUEST', TRY_AGAIN);
  const now = new Date();
  const [attempt] = await db
    .update(authRequests)
    .set({ consumedAt: now })
    .where(
      and(
        eq(authRequests.stateHash, hashToken(opts.state)),
        eq(authRequests.browserHash, hashToken(opts.browserBinding)),
        isNull(authRequests.consumedAt),
        gt(authRequests.expiresAt, now),
      ),
    )
    .returning();
  if (!attempt) throw new AppError('BAD_REQUEST', TRY_AGAIN);

  const identity = await opts.rp.completeAuthorization({
    redirectUri: attempt.redirectUri,
    code: opts.code,
    state: opts.state,
    nonce: attempt.nonce,
    codeVerifier: attempt.codeVerifier,
  });

  const member = await findStaffForIdentity(db, opts.mode, identity);
  if (!member) {
    await audit(db, {
      actor: 'anonymous',
      action: 'sign-in.no-staff-record',
      details: { issuer: identity.issuer },
      ip: opts.ip,
    });
    throw new AppError(
      'FORBIDDEN',
      'You signed in, but no staff record matches your account. Ask your line manager to check the email address HR holds for you.',
    );
  }
  if (isLeaver(member.accessEndsAt)) {
    await audit(db, {
      staffId: member.id,
      actor: `staff:${member.id}`,
      action: 'sign-in.refused',
      details: { reason: 'left', issuer: identity.issuer },
      ip: opts.ip,
    });
    throw new AppError('ACCESS_ENDED', accessEndedMessage(member.leavingDate));
  }
  // A configured role claim is the source of console roles: each sign-in sets what it says.
  if (identity.role !== undefined && identity.role !== member.role) {
    await db.update(staff).set({ role: identity.role, updatedAt: new Date() }).where(eq(staff.id, member.id));
    await audit(db, {
      staffId: member.id,
      actor: 'provider',
      action: 'staff.role_changed',
      ip: opts.ip,
      details: { old: member.role, new: identity.role, from: 'role claim' },
    });
  }
  await audit(db, {
    staffId: member.id,
    actor: `staff:${member.id}`,
    action: 'sign-in.session-started',
    details: { issuer: identity.issuer },
    ip: opts.ip,
  });
  return {
    staffId: member.id,
    user: { id: member.id, forename: member.forename, surname: member.surname, email_address: member.emailAddress },
    idToken: identity.idToken,
  };
}

async function findStaffForIdentity(
  db: Db,
  mode: 'embedded' | 'external',
  identity: { issuer: string; sub: string; email?: string; emailVerified?: boolean },
) {
  if (mode === 'embedded') {
    const [row] = await db.select().from(staff).where(eq(staff.id, identity.sub)).limit(1);
    return row;
  }
  const subject = `${identity.issuer}|${identity.sub}`;
  const email = identity.emailVerified !== false ? identity.email?.toLowerCase() : undefined;
  const rows = await db
    .select()
    .from(staff)
    .where(
      email
        ? or(eq(staff.externalSubject, subject), eq(staff.emailAddress, email))
        : eq(staff.externalSubject, subject),
    )
    .limit(2);
  const bySubject = rows.find((r) => r.externalSubject === subject);
  if (bySubject) return bySubject;
  // First sign-in with this provider: link by the verified email, once. A record already linked to
  // another subject is not taken over.
  const byEmail = rows.find((r) => r.emailAddress === email && r.externalSubject === null);
  if (!byEmail) return undefined;
  await db
    .update(staff)
    .set({ externalSubject: subject, updatedAt: sql`now()` })
    .where(and(eq(staff.id, byEmail.id), isNull(staff.externalSubject)));
  return byEmail;
}
