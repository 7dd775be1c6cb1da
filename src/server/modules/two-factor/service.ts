/**
 * Two-factor step-up for signed-in members (docs/product.md#two-factor method and attempt, bouncer calls;
 * docs/architecture.md#identity). Email and SMS codes: 6 digits from the CSPRNG, kept only as an HMAC, bound
 * to the session that asked, 10 minutes, 5 tries, used once, the latest request replacing earlier
 * ones. Authenticator codes (TOTP, RFC 6238, otplib): ±30 s, and a time step is never accepted twice.
 */
import { acceptedAppSecrets } from '@server/lib/secrets.js';
import { randomInt, randomUUID } from 'node:crypto';
import { and, count, eq, gt, gte, isNull, lt, or, sql, sum } from 'drizzle-orm';
import { TFA_TYPE, type TfaMethod } from '@shared/api/two-factor.js';
import { staff, tfaChallenges, tfaMethods } from '@server/db/schema.js';
import type { Db } from '@server/db/client.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { openField, sealField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { loadOtp } from '@server/lib/on-demand.js';
import { maskEmail, type MailMessage } from '@server/lib/mailer.js';
import { maskPhone, type SmsMessage } from '@server/lib/sms.js';
import { hmac, safeEqual } from '@server/lib/tokens.js';
import type { Services } from '@server/services.js';
import { findStaffWithVenue } from '@server/modules/staff/index.js';
import { isUuid } from '@server/lib/ids.js';

type MethodRow = typeof tfaMethods.$inferSelect;

/** docs/product.md#two-factor has no numbers for these; they follow NIST SP 800-63B (OTP lifetime and throttling). */
export const TFA_CODE_MINUTES = 10;
export const TFA_MAX_ATTEMPTS = 5;
/** Codes one member may ask for in 10 minutes: stops a stolen session flooding their inbox or phone. */
export const TFA_MAX_CHALLENGES_PER_10_MIN = 5;
/** Codes one member may try in 24 hours, over all checks: bounds guessing over a session's life. */
export const TFA_MAX_TRIES_PER_DAY = 20;
const CHALLENGE_WINDOW_MS = 10 * 60_000;
const DAY_MS = 24 * 60 * 60_000;

const TYPE_INFO: Record<number, { name: string; description: string }> = {
  [TFA_TYPE.email]: { name: 'Email code', description: 'A 6-digit code sent to your email address' },
  [TFA_TYPE.phone]: { name: 'Text message code', description: 'A 6-digit code sent by text message to your mobile' },
  [TFA_TYPE.authenticator]: {
    name: 'Authenticator app',
    description: 'The 6-digit code shown in your authenticator app',
  },
};

const PER_PAGE = 20;
const notFound = () => new AppError('NOT_FOUND', 'That sign-in check was not found. Ask for a new code.');
const codeHash = (appSecret: string, challengeId: string, code: string) =>
  hmac(`tfa:${appSecret}`, `${challengeId}:${code}`);

/** Every member can get an email code; a member with a mobile number can get a text. */
async function ensureDefaultMethods(services: Services, staffId: string): Promise<MethodRow[]> {
  const rows = await services.db.select().from(tfaMethods).where(eq(tfaMethods.staffId, staffId));
  const missing = [TFA_TYPE.email, TFA_TYPE.phone].filter((type) => !rows.some((r) => r.type === type));
  if (!missing.length) return rows;
  // Parallel first calls race here; the unique index keeps one email and one text method each.
  await services.db
    .insert(tfaMethods)
    .values(missing.map((type) => ({ staffId, type })))
    .onConflictDoNothing();
  return services.db.select().from(tfaMethods).where(eq(tfaMethods.staffId, staffId));
}

const toMethod = (row: MethodRow, mobile: string | null, includeType: boolean): TfaMethod => ({
  id: row.id,
  // A text needs a mobile number on the member's record.
  setup_complete: row.setupComplete && (row.type !== TFA_TYPE.phone || Boolean(mobile)),
  deleted: row.deleted,
  ...(includeType ? { type: { id: row.type, ...(TYPE_INFO[row.type] ?? TYPE_INFO[TFA_TYPE.email]!) } } : {}),
});

/**
 * Refuses (429) once a member has used TFA_MAX_TRIES_PER_DAY code tries in the last 24 hours, counted
 * over every challenge (docs/product.md#code-rules). Run with the member's row locked.
 */
async function refuseOverDailyTries(tx: Pick<Db, 'select'>, staffId: string, now: Date): Promise<void> {
  const [today] = await tx
    .select({ tries: sum(tfaChallenges.attempts) })
    .from(tfaChallenges)
    .where(and(eq(tfaChallenges.staffId, staffId), gte(tfaChallenges.createdAt, new Date(now.getTime() - DAY_MS))));
  if (Number(today?.tries ?? 0) >= TFA_MAX_TRIES_PER_DAY) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many codes have been tried today. Please ask your manager for help.');
  }
}

/** `GET /bouncer/tfa/my-methods`: the member's own methods, email first. */
export async function listMyMethods(opts: { services: Services; staffId: string; page: number; includeType: boolean }) {
  const rows = (await ensureDefaultMethods(opts.services, opts.staffId)).sort(
    (a, b) => a.type - b.type || a.createdAt.getTime() - b.createdAt.getTime(),
  );
  const [member] = await opts.services.db
    .select({ mobile: staff.mobile })
    .from(staff)
    .where(eq(staff.id, opts.staffId));
  const pageRows = rows.slice((opts.page - 1) * PER_PAGE, opts.page * PER_PAGE);
  return {
    data: pageRows.map((r) => toMethod(r, member?.mobile ?? null, opts.includeType)),
    meta: { page: opts.page, per_page: PER_PAGE, total: rows.length },
  };
}

/** One of the member's usable methods. @throws AppError NOT_FOUND for anyone else's, or an unusable one. */
async function findOwnMethod(
  services: Services,
  staffId: string,
  methodId: string,
): Promise<{ method: MethodRow; email: string; mobile: string | null; language: string | null }> {
  if (!isUuid(methodId)) throw new AppError('NOT_FOUND', 'That method was not found.');
  const [row] = await services.db
    .select({ method: tfaMethods, email: staff.emailAddress, mobile: staff.mobile, language: staff.language })
    .from(tfaMethods)
    .innerJoin(staff, eq(staff.id, tfaMethods.staffId))
    .where(and(eq(tfaMethods.id, methodId), eq(tfaMethods.staffId, staffId), eq(tfaMethods.deleted, false)))
    .limit(1);
  if (!row || !toMethod(row.method, row.mobile, false).setup_complete)
    throw new AppError('NOT_FOUND', 'That method was not found.');
  return row;
}

/** The message carrying `code` by the method's channel, in the member's language, and where it goes as the member may see it. */
async function codeMessage(
  services: Services,
  opts: { staffId: string; type: number; email: string; mobile: string | null; language: string | null; code: string },
): Promise<{ queued: { sms: SmsMessage } | { mail: MailMessage }; sentTo: string }> {
  const t = serverTranslator(opts.language);
  const text = t('twoFactor.code', { code: opts.code, minutes: TFA_CODE_MINUTES });
  if (opts.type === TFA_TYPE.phone)
    return { queued: { sms: { to: opts.mobile!, text } }, sentTo: maskPhone(opts.mobile!) };
  const person = await findStaffWithVenue(services.db, { id: opts.staffId });
  return {
    queued: {
      mail: {
        to: opts.email,
        // Not in the subject: subjects reach logs and lock screens.
        subject: t('twoFactor.subject'),
        text: [
          t('mail.hi', { name: person?.knownAs ?? person?.forename ?? '' }),
          '',
          text,
          '',
          t('twoFactor.notYou'),
        ].join('\n'),
      },
    },
    sentTo: maskEmail(opts.email),
  };
}

/**
 * `POST /bouncer/tfa-logged-in/initiate/<methodId>`: starts a check for the caller's session and sends the
 * code (email or text). Earlier unfinished checks of the session stop working.
 * @returns the challenge id (the "code value used next" of docs/product.md#two-factor), where the code went, and its expiry.
 * @throws AppError NOT_FOUND (not the member's method), TOO_MANY_REQUESTS (too many codes asked for).
 */
export async function initiateChallenge(opts: {
  services: Services;
  staffId: string;
  sessionTokenHash: string;
  methodId: string;
}) {
  const { services } = opts;
  const { method, email, mobile, language } = await findOwnMethod(services, opts.staffId, opts.methodId);
  const now = new Date();
  const expiresAt = new Date(now.getTime() + TFA_CODE_MINUTES * 60_000);
  const id = randomUUID();
  const code = method.type === TFA_TYPE.authenticator ? null : String(randomInt(0, 1_000_000)).padStart(6, '0');
  const message =
    code === null
      ? undefined
      : await codeMessage(services, { staffId: opts.staffId, type: method.type, email, mobile, language, code });
  const delivery = await services.db.transaction(async (tx) => {
    // One member's requests queue here, so the caps below cannot be raced past.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, opts.staffId)).for('update');
    const [recent] = await tx
      .select({ asked: count() })
      .from(tfaChallenges)
      .where(
        and(
          eq(tfaChallenges.staffId, opts.staffId),
          gte(tfaChallenges.createdAt, new Date(now.getTime() - CHALLENGE_WINDOW_MS)),
        ),
      );
    if ((recent?.asked ?? 0) >= TFA_MAX_CHALLENGES_PER_10_MIN) {
      throw new AppError('TOO_MANY_REQUESTS', 'Too many codes asked for. Please wait a few minutes and try again.');
    }
    await refuseOverDailyTries(tx, opts.staffId, now);
    await tx
      .update(tfaChallenges)
      .set({ consumedAt: now })
      .where(and(eq(tfaChallenges.sessionTokenHash, opts.sessionTokenHash), isNull(tfaChallenges.consumedAt)));
    await tx.insert(tfaChallenges).values({
      id,
      staffId: opts.staffId,
      methodId: method.id,
      sessionTokenHash: opts.sessionTokenHash,
      codeHash: code === null ? null : codeHash(services.appSecret, id, code),
      expiresAt,
    });
    // A code is worth sending only while it works: one try, no retries after the code expires.
    return (
      message &&
      services.deliveries.enqueue(tx, {
        purpose: 'two-factor-code',
        staffId: opts.staffId,
        expiresAt,
        ...message.queued,
      })
    );
  });
  if (delivery) {
    const outcome = await services.deliveries.deliver(delivery);
    if (!outcome.sent) {
      await services.db.update(tfaChallenges).set({ consumedAt: new Date() }).where(eq(tfaChallenges.id, id));
      throw new AppError(
        'UPSTREAM_FAILED',
        'We could not send the code just now. Please try again, or choose another way.',
      );
    }
  }
  const sentTo = message?.sentTo ?? null;
  return { data: { code: id, sent_to: sentTo, expires_at: expiresAt.toISOString() } };
}

/**
 * `POST /bouncer/tfa-logged-in/<challengeId>/verify`: checks the code. The route then records the
 * step-up and moves the session to a new id.
 * @throws AppError NOT_FOUND (not the caller's session's check), BAD_REQUEST (wrong, expired or used code),
 * TOO_MANY_REQUESTS (5 wrong codes: the check is locked).
 */
export async function verifyChallenge(opts: {
  services: Services;
  staffId: string;
  sessionTokenHash: string;
  challengeId: string;
  code: string;
  ip: string;
}): Promise<void> {
  const { services } = opts;
  if (!isUuid(opts.challengeId)) throw notFound();
  const ours = and(
    eq(tfaChallenges.id, opts.challengeId),
    eq(tfaChallenges.staffId, opts.staffId),
    eq(tfaChallenges.sessionTokenHash, opts.sessionTokenHash),
  );
  // A try is reserved before the code is looked at, so parallel requests cannot get more than
  // TFA_MAX_ATTEMPTS tries on one challenge, nor TFA_MAX_TRIES_PER_DAY across the member's challenges:
  // the member's row is locked while the day's tries are counted, on whichever instance they arrive.
  const challenge = await services.db.transaction(async (tx) => {
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, opts.staffId)).for('update');
    await refuseOverDailyTries(tx, opts.staffId, new Date());
    const [reserved] = await tx
      .update(tfaChallenges)
      .set({ attempts: sql`${tfaChallenges.attempts} + 1` })
      .where(
        and(
          ours,
          isNull(tfaChallenges.consumedAt),
          gt(tfaChallenges.expiresAt, new Date()),
          lt(tfaChallenges.attempts, TFA_MAX_ATTEMPTS),
        ),
      )
      .returning();
    return reserved;
  });
  if (!challenge) {
    const [seen] = await services.db.select().from(tfaChallenges).where(ours).limit(1);
    if (!seen) throw notFound();
    if (seen.attempts >= TFA_MAX_ATTEMPTS)
      throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes. Ask for a new code.');
    if (seen.consumedAt)
      throw new AppError('BAD_REQUEST', 'That code has already been used or replaced. Ask for a new code.');
    throw new AppError('BAD_REQUEST', 'That code has expired. Ask for a new code.');
  }
  const [method] = await services.db.select().from(tfaMethods).where(eq(tfaMethods.id, challenge.methodId)).limit(1);
  if (!method) throw notFound();

  const code = opts.code.replace(/\s+/g, '');
  let valid = false;
  if (/^\d{6}$/.test(code)) {
    if (method.type === TFA_TYPE.authenticator && method.secretSealed) {
      const secret = openField(services.fieldKeys, method.secretSealed, sealContext.authenticatorSecret(method.id));
      // RFC 6238 §5.2: allow one step back for transmission delay, none ahead.
      const result = await (
        await loadOtp()
      ).verify({ secret, token: code, epochTolerance: [30, 0], afterTimeStep: method.lastTimeStep ?? undefined });
      if (result.valid && 'timeStep' in result) {
        // Two requests racing with the same code: only one moves the last time step on.
        const [moved] = await services.db
          .update(tfaMethods)
          .set({ lastTimeStep: result.timeStep })
          .where(
            and(
              eq(tfaMethods.id, method.id),
              or(isNull(tfaMethods.lastTimeStep), lt(tfaMethods.lastTimeStep, result.timeStep)),
            ),
          )
          .returning({ id: tfaMethods.id });
        valid = Boolean(moved);
      }
    } else if (challenge.codeHash) {
      // A code sent before an APP_SECRET rotation still counts while the previous secret is kept.
      valid = acceptedAppSecrets(services).some((secret) =>
        safeEqual(codeHash(secret, challenge.id, code), challenge.codeHash!),
      );
    }
  }
  if (!valid) {
    const left = TFA_MAX_ATTEMPTS - challenge.attempts;
    if (left <= 0) {
      await audit(services.db, {
        staffId: opts.staffId,
        actor: `staff:${opts.staffId}`,
        action: 'staff.step_up_locked',
        ip: opts.ip,
        details: { method_type: method.type },
      });
      throw new AppError('TOO_MANY_REQUESTS', 'Too many wrong codes. Ask for a new code.');
    }
    throw new AppError('BAD_REQUEST', `That code is not right. ${left} ${left === 1 ? 'try' : 'tries'} left.`, [
      { field: 'code', error: 'is not right' },
    ]);
  }
  const [used] = await services.db
    .update(tfaChallenges)
    .set({ consumedAt: new Date() })
    .where(and(eq(tfaChallenges.id, challenge.id), isNull(tfaChallenges.consumedAt)))
    .returning({ id: tfaChallenges.id });
  if (!used) throw new AppError('BAD_REQUEST', 'That code has already been used or replaced. Ask for a new code.');
  await audit(services.db, {
    staffId: opts.staffId,
    actor: `staff:${opts.staffId}`,
    action: 'staff.step_up_passed',
    ip: opts.ip,
    details: { method_type: method.type },
  });
}

/**
 * Adds an authenticator app method for member `staffId` (HR, from the admin CLI).
 * @returns the otpauth:// URI to scan (Key URI Format, as authenticator apps read it).
 * @throws AppError NOT_FOUND for an unknown id.
 */
export async function addAuthenticator(opts: {
  services: Services;
  staffId: string;
  actor: string;
}): Promise<{ methodId: string; uri: string }> {
  const { services } = opts;
  const person = await findStaffWithVenue(services.db, { id: opts.staffId });
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  const { generateSecret, generateURI } = await loadOtp();
  const secret = generateSecret();
  const methodId = randomUUID();
  await services.db.transaction(async (tx) => {
    await tx.insert(tfaMethods).values({
      id: methodId,
      staffId: person.id,
      type: TFA_TYPE.authenticator,
      secretSealed: sealField(services.fieldKeys, secret, sealContext.authenticatorSecret(methodId)),
    });
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: 'staff.authenticator_added',
      details: { method_id: methodId },
    });
  });
  return { methodId, uri: generateURI({ issuer: 'Staffroom', label: person.emailAddress, secret }) };
}
