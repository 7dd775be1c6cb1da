/**
 * Server-side sessions per OWASP ASVS 5.0 §7: a fresh random token at sign-in (only its SHA-256 is
 * stored), 30-minute idle and 12-hour absolute timeouts checked on the server, revocation on logout.
 * The cookie is HttpOnly and SameSite=Lax; over https it is Secure with the `__Host-` prefix.
 *
 * Decorates `request.session` (null when not signed in) and offers `startSession` / `endSession`.
 * The session is read with its staff member and their venue in one prepared query, since nearly every
 * signed-in call needs them: the hot path (`GET /me`, the discount status) is then one round trip.
 * Nothing is kept between requests, so a sign-out, expiry or revocation on another instance counts at
 * once, and so does a leaver's end of access (`staff.access_ends_at`, compared with the clock).
 */
import { and, eq, getTableColumns, isNotNull, isNull, or, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AppConfig } from '@server/config.js';
import type { Database } from '@server/db/client.js';
import { jsonObject, readJsonObject } from '@server/db/json-object.js';
import { plannedOnce } from '@server/db/planned-once.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { sessions, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { isLeaver } from '@server/lib/leavers.js';
import { hashToken, newToken } from '@server/lib/tokens.js';
import { NOT_SIGNED_IN_MESSAGE, STEP_UP_MINUTES } from '@shared/constants.js';
import { APPLE_TOUCH_ICON, FAVICON, MANIFEST_PATH } from '@shared/web-app-manifest.js';

/** Staff columns never read with a session: secrets no signed-in answer shows. */
type SecretStaffColumn = 'passwordHash' | 'externalSubject' | 'bankAccountSealed' | 'sortCodeSealed' | 'niNumberSealed';
/** Staff columns of the record's own bookkeeping: no signed-in answer or check reads them. */
type BookkeepingStaffColumn = 'createdAt' | 'updatedAt';

/**
 * The signed-in staff member as read with the session at the start of the request, with their venue,
 * without the password hash, the provider subject, the sealed bank details and NI number, and the record's
 * timestamps.
 */
export type SessionStaff = Omit<typeof staff.$inferSelect, SecretStaffColumn | BookkeepingStaffColumn> & {
  venueName: string | null;
  venueBrand: string | null;
  /** Whole years since the date of birth, by PostgreSQL's `age()` on the UK's date (lib/uk-days.ts); null without one. */
  age: number | null;
};

/** Computed by the database with the row: date maths in JavaScript cost more than the query on this path. */
// The UK's date comes from the app (placeholder `today`), not the database's zone or clock.
const ageColumn = sql<
  number | null
>`date_part('year', age(${sql.placeholder('today')}::date, ${staff.dateOfBirth}))::int`;

const {
  passwordHash: _password,
  externalSubject: _subject,
  bankAccountSealed: _account,
  sortCodeSealed: _sortCode,
  niNumberSealed: _niNumber,
  createdAt: _created,
  updatedAt: _updated,
  ...sessionStaffColumns
} = getTableColumns(staff);
const sessionColumns = {
  staffId: sessions.staffId,
  createdAt: sessions.createdAt,
  lastSeenAt: sessions.lastSeenAt,
  expiresAt: sessions.expiresAt,
  revokedAt: sessions.revokedAt,
  replacedAt: sessions.replacedAt,
  steppedUpAt: sessions.steppedUpAt,
};
/**
 * The member as a session carries them, one JSON object that is already a `SessionStaff` (venue and
 * age included), read at sign-in and with every session: the request keeps it as read rather than
 * copying its thirty fields into another.
 */
const sessionStaffObject = jsonObject({
  ...sessionStaffColumns,
  venueName: venues.name,
  venueBrand: venues.brand,
  age: ageColumn,
});
/** The session, its member and their venue as one JSON column (see json-object.ts for why). */
const sessionRow = jsonObject({ ...sessionColumns, staff: sessionStaffObject });

/** A callback hook's `done`: an error answers the request in the error envelope. */
type HookDone = (err?: Error) => void;

export interface ActiveSession {
  tokenHash: string;
  staffId: string;
  createdAt: Date;
  steppedUpAt: Date | null;
  /** As read when the request began: a handler that changes the row answers from what it wrote. */
  staff: SessionStaff;
}

declare module 'fastify' {
  interface FastifyRequest {
    session: ActiveSession | null;
  }
  interface FastifyInstance {
    /** Opens a session for `staffId`, keeping `idTokenSealed` (an external provider's, for sign-out). */
    startSession(
      request: FastifyRequest,
      reply: FastifyReply,
      staffId: string,
      idTokenSealed?: string,
    ): Promise<ActiveSession>;
    endSession(request: FastifyRequest, reply: FastifyReply): Promise<void>;
    /**
     * preHandler: 403 in the error envelope unless a staff member is signed in. A callback hook, as
     * on every hook of the signed-in hot path: each promise costs there (Node 20's async hooks).
     */
    requireStaff(request: FastifyRequest, reply: FastifyReply, done: HookDone): void;
    /**
     * preHandler after requireStaff: 402 in the error envelope unless the request's session passed a second
     * factor in the last STEP_UP_MINUTES (docs/product.md#auth: a 402 opens the two-factor dialog).
     */
    requireStepUp(request: FastifyRequest, reply: FastifyReply, done: HookDone): void;
    /** Records a passed second factor and moves the session to a new id (OWASP: rotate on privilege change). */
    stepUpSession(request: FastifyRequest, reply: FastifyReply): Promise<ActiveSession>;
  }
}

/**
 * True when `session` passed a second factor in the last STEP_UP_MINUTES (docs/product.md#code-rules):
 * what a sensitive save needs, and what shows the member their full bank details.
 */
export function steppedUpRecently(session: Pick<ActiveSession, 'steppedUpAt'> | null, now = Date.now()): boolean {
  const at = session?.steppedUpAt;
  return Boolean(at && now - at.getTime() <= STEP_UP_MINUTES * 60_000);
}

/** Seconds between writes of `last_seen_at`: keeps a busy session from writing on every call. */
const TOUCH_INTERVAL_MS = 60_000;

/**
 * How long a session id a second factor replaced still counts (docs/decisions/0034-replaced-session-grace.md): the
 * member's own requests sent before the new cookie arrived would otherwise be answered as signed
 * out, and their answers clear the new cookie. With no more than the rights it had a moment before,
 * and never after a sign-out or a new sign-in, which end every id of the sign-in.
 */
export const REPLACED_SESSION_GRACE_MS = 30_000;

export const sessionCookieName = (config: Pick<AppConfig, 'secureCookies'>): string =>
  config.secureCookies ? '__Host-staffroom-session' : 'staffroom-session';

/** Folders of the web build that hold only files, the same for everyone: Vite's hashed code, and `src/web/public`'s. */
const SESSION_FREE_FOLDERS = ['/assets/', '/brands/', '/images/'];
/**
 * Files at the web build's root, the same for everyone: the service worker, and the brand's web app
 * manifest and icons (plugins/spa.ts).
 */
const SESSION_FREE_FILES = new Set(['/sw.js', '/sw.js.map', MANIFEST_PATH, FAVICON.path, APPLE_TOUCH_ICON.path]);

/**
 * Requests answered without reading the session: the web build's files (not its pages), the same
 * for everyone, so the page's code costs no session lookup. It also keeps what a browser fetches by
 * itself (the service worker's update check, the favicon, a manifest's icons) from answering for a
 * session it carried just as a second factor replaced it (`stepUpSession`): that answer would clear
 * the new session's cookie and re-issue the XSRF token, and sign the member out. The XSRF plugin
 * leaves their cookie alone too. `tests/repo` checks every entry of `src/web/public` is listed.
 */
export function skipsSession(url: string): boolean {
  for (const folder of SESSION_FREE_FOLDERS) if (url.startsWith(folder)) return true;
  const query = url.indexOf('?');
  return SESSION_FREE_FILES.has(query === -1 ? url : url.slice(0, query));
}

async function sessionPlugin(
  app: FastifyInstance,
  opts: { config: AppConfig; database: Pick<Database, 'db' | 'kind' | 'pool' | 'simpleQuery'> },
): Promise<void> {
  const { config, database } = opts;
  const { db } = database;
  const cookieName = sessionCookieName(config);
  const idleMs = config.session.idleMinutes * 60_000;
  const absoluteMs = config.session.absoluteHours * 3_600_000;
  const cookieOptions = {
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: config.secureCookies,
  };

  app.decorateRequest('session', null);

  // Built once: drizzle then skips composing the SQL, and the database plans it once per connection.
  const sessionWithStaff = plannedOnce(
    database,
    'session_with_staff',
    db
      .select({ row: sessionRow })
      .from(sessions)
      .innerJoin(staff, eq(staff.id, sessions.staffId))
      .leftJoin(venues, eq(venues.id, staff.venueId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1),
    (columns) => ({ row: readJsonObject(sessionRow, Object.values(columns)[0]) }),
  );
  const staffWithVenue = db
    .select({ staff: sessionStaffObject })
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(eq(staff.id, sql.placeholder('staffId')))
    .limit(1)
    .prepare('staff_with_venue');
  const readStaff = async (staffId: string): Promise<SessionStaff> => {
    const [found] = await staffWithVenue.execute({ staffId, today: todayInUk() });
    if (!found) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
    return found.staff;
  };

  app.addHook('onRequest', async (request, reply) => {
    if (skipsSession(request.url)) return;
    const token = request.cookies[cookieName];
    if (!token) return;
    const tokenHash = hashToken(token);
    const [found] = await sessionWithStaff({ tokenHash, today: todayInUk() });
    const row = found?.row;
    const now = Date.now();
    const replacedJustNow = row?.replacedAt != null && now - row.replacedAt.getTime() < REPLACED_SESSION_GRACE_MS;
    if (
      !row ||
      (row.revokedAt && !replacedJustNow) ||
      row.expiresAt.getTime() <= now ||
      row.lastSeenAt.getTime() + idleMs <= now ||
      // A leaver's sessions end when their access does, on every instance (docs/product.md#leavers).
      isLeaver(row.staff.accessEndsAt, now)
    ) {
      if (row && !row.revokedAt) {
        await db
          .update(sessions)
          .set({ revokedAt: new Date(now) })
          .where(eq(sessions.tokenHash, tokenHash));
      }
      reply.clearCookie(cookieName, cookieOptions);
      return;
    }
    if (!row.revokedAt && now - row.lastSeenAt.getTime() > TOUCH_INTERVAL_MS) {
      await db
        .update(sessions)
        .set({ lastSeenAt: new Date(now) })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    request.session = {
      tokenHash,
      staffId: row.staffId,
      createdAt: row.createdAt,
      steppedUpAt: row.steppedUpAt,
      staff: row.staff,
    };
  });

  /**
   * Revokes every id of the sign-in `session` belongs to (a second factor keeps `createdAt` from the
   * sign-in), and ends the grace of those a second factor replaced.
   */
  const endSignIn = async (session: ActiveSession) => {
    await db
      .update(sessions)
      .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())`, replacedAt: null })
      .where(
        and(
          eq(sessions.staffId, session.staffId),
          eq(sessions.createdAt, session.createdAt),
          or(isNull(sessions.revokedAt), isNotNull(sessions.replacedAt)),
        ),
      );
  };

  app.decorate('requireStaff', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    done(request.session ? undefined : new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE));
  });

  app.decorate('requireStepUp', (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    if (!request.session) return done(new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE));
    if (!steppedUpRecently(request.session)) {
      return done(new AppError('STEP_UP_REQUIRED', 'Please confirm it is you with a second factor, then save again.'));
    }
    done();
  });

  app.decorate('stepUpSession', async (request: FastifyRequest, reply: FastifyReply) => {
    const current = request.session;
    if (!current) throw new AppError('NOT_SIGNED_IN', NOT_SIGNED_IN_MESSAGE);
    const [old] = await db.select().from(sessions).where(eq(sessions.tokenHash, current.tokenHash)).limit(1);
    const token = newToken();
    const now = new Date();
    const row = {
      tokenHash: hashToken(token),
      staffId: current.staffId,
      createdAt: current.createdAt,
      lastSeenAt: now,
      // The absolute timeout still counts from sign-in.
      expiresAt: old?.expiresAt ?? new Date(now.getTime() + absoluteMs),
      steppedUpAt: now,
      ip: request.ip,
      userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
      idTokenSealed: old?.idTokenSealed ?? null,
    };
    await db.transaction(async (tx) => {
      await tx
        .update(sessions)
        .set({ revokedAt: now, replacedAt: now })
        .where(eq(sessions.tokenHash, current.tokenHash));
      await tx.insert(sessions).values(row);
    });
    const maxAge = Math.max(1, Math.floor((row.expiresAt.getTime() - now.getTime()) / 1000));
    reply.setCookie(cookieName, token, { ...cookieOptions, maxAge });
    request.session = {
      tokenHash: row.tokenHash,
      staffId: current.staffId,
      createdAt: current.createdAt,
      steppedUpAt: now,
      staff: current.staff,
    };
    return request.session;
  });

  app.decorate(
    'startSession',
    async (request: FastifyRequest, reply: FastifyReply, staffId: string, idTokenSealed?: string) => {
      // A new id at every sign-in: any session the browser carried is revoked, never reused.
      if (request.session) await endSignIn(request.session);
      const token = newToken();
      const now = new Date();
      const row = {
        tokenHash: hashToken(token),
        staffId,
        createdAt: now,
        lastSeenAt: now,
        expiresAt: new Date(now.getTime() + absoluteMs),
        ip: request.ip,
        userAgent: request.headers['user-agent']?.slice(0, 512) ?? null,
        idTokenSealed: idTokenSealed ?? null,
      };
      await db.insert(sessions).values(row);
      reply.setCookie(cookieName, token, { ...cookieOptions, maxAge: Math.floor(absoluteMs / 1000) });
      request.session = {
        tokenHash: row.tokenHash,
        staffId,
        createdAt: now,
        steppedUpAt: null,
        staff: await readStaff(staffId),
      };
      return request.session;
    },
  );

  app.decorate('endSession', async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.session) await endSignIn(request.session);
    request.session = null;
    reply.clearCookie(cookieName, cookieOptions);
  });
}

export default fp(sessionPlugin, { name: 'session', dependencies: ['@fastify/cookie'] });
