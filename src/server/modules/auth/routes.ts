/**
 * Sign-in routes of docs/product.md#auth: `/staff/self-service/auth`, `process-authentication`, `me`, `logout`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  authUrlAnswerSchema,
  authUrlQuerySchema,
  logoutAnswerSchema,
  meAnswerSchema,
  processAuthenticationAnswerSchema,
  processAuthenticationBodySchema,
} from '@shared/api/auth.js';
import { errorEnvelopeSchema } from '@shared/api/errors.js';
import type { AppConfig } from '@server/config.js';
import type { Db } from '@server/db/client.js';
import { toStaffMember, withBankDetailsShown } from '@server/modules/staff/index.js';
import { steppedUpRecently } from '@server/plugins/session.js';
import { eq } from 'drizzle-orm';
import { sessions } from '@server/db/schema.js';
import { openField, sealField, type FieldKeyring } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { newToken } from '@server/lib/tokens.js';
import { forgetPromptLogin, PROMPT_LOGIN_COOKIE, rememberSignOut } from './sign-out.js';
import type { RelyingParty } from './relying-party.js';
import { AUTH_REQUEST_TTL_MS, completeSignIn, startSignIn } from './service.js';

/**
 * The cookie that ties a sign-in attempt to the browser that started it (RFC 9700 §4.7): HttpOnly,
 * SameSite=Lax, for as long as an attempt stays redeemable; `__Host-` and Secure over https.
 */
export const signInCookieName = (config: Pick<AppConfig, 'secureCookies'>): string =>
  config.secureCookies ? '__Host-staffroom-sign-in' : 'staffroom-sign-in';

export interface AuthRoutesOptions {
  config: AppConfig;
  db: Db;
  /** Opens the sealed bank details a recently stepped-up session is shown (lib/field-crypto.ts). */
  fieldKeys: FieldKeyring;
  rp: RelyingParty;
  /** Ends the identity provider's own browser session too (embedded provider), so Login asks again. */
  endProviderSession?: (request: FastifyRequest) => Promise<void>;
}

/** The sealing context of a session's ID token (lib/field-crypto.ts). */
const ID_TOKEN = sealContext.idToken();

const errors = { 400: errorEnvelopeSchema, 403: errorEnvelopeSchema, 429: errorEnvelopeSchema };

export async function authRoutes(app: FastifyInstance, opts: AuthRoutesOptions): Promise<void> {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { config, db, rp } = opts;
  const signInCookie = signInCookieName(config);
  const signInCookieOptions = { path: '/', httpOnly: true, sameSite: 'lax' as const, secure: config.secureCookies };
  /**
   * The external provider's end-session address for the signing-out session's ID token, or null when
   * it offers none or the session kept no token (the next Login then asks for the password).
   */
  const externalEndSession = async (request: FastifyRequest): Promise<string | null> => {
    if (!request.session) return null;
    const [row] = await db
      .select({ sealed: sessions.idTokenSealed })
      .from(sessions)
      .where(eq(sessions.tokenHash, request.session.tokenHash))
      .limit(1);
    if (!row?.sealed) return null;
    try {
      const idToken = openField(opts.fieldKeys, row.sealed, ID_TOKEN);
      return await rp.endSessionUrl({ idToken, postLogoutRedirectUri: `${config.publicUrl}/login` });
    } catch (err) {
      // The portal's session still ends; the provider's is left to the password prompt.
      request.log.warn({ err }, "could not build the provider's end-session address");
      return null;
    }
  };

  r.get(
    '/staff/self-service/auth',
    {
      schema: {
        summary: 'Start sign-in: the identity provider address to send the browser to',
        tags: ['auth'],
        querystring: authUrlQuerySchema,
        response: { 200: authUrlAnswerSchema, ...errors, 502: errorEnvelopeSchema },
      },
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      // One value per browser, kept across attempts, so two tabs that both pressed Login both complete.
      const browserBinding = request.cookies[signInCookie] || newToken();
      const answer = await startSignIn({
        db,
        rp,
        publicUrl: config.publicUrl,
        redirectUri: request.query.redirect_uri,
        browserBinding,
        promptLogin: request.cookies[PROMPT_LOGIN_COOKIE] === '1',
      });
      reply.setCookie(signInCookie, browserBinding, { ...signInCookieOptions, maxAge: AUTH_REQUEST_TTL_MS / 1000 });
      return answer;
    },
  );

  r.post(
    '/staff/self-service/process-authentication',
    {
      schema: {
        summary: 'Complete sign-in with the code and state the provider returned; opens a session',
        tags: ['auth'],
        body: processAuthenticationBodySchema,
        response: { 200: processAuthenticationAnswerSchema, ...errors, 502: errorEnvelopeSchema },
      },
      config: { rateLimit: { max: 20, timeWindow: '1 minute' } },
    },
    async (request, reply) => {
      const { staffId, user, idToken } = await completeSignIn({
        db,
        rp,
        code: request.body.code,
        state: request.body.state,
        browserBinding: request.cookies[signInCookie],
        mode: config.oidc.mode,
        ip: request.ip,
      });
      // The sign-in cookie stays until it expires: another tab's attempt may still be completing.
      const external = config.oidc.mode === 'external' && idToken;
      await app.startSession(
        request,
        reply,
        staffId,
        external ? sealField(opts.fieldKeys, idToken, ID_TOKEN) : undefined,
      );
      forgetPromptLogin(request, reply, config);
      return { user };
    },
  );

  r.get(
    '/staff/self-service/me',
    {
      schema: {
        summary: 'The signed-in staff member',
        tags: ['staff'],
        response: { 200: meAnswerSchema, 403: errorEnvelopeSchema },
      },
      preHandler: app.requireStaff,
    },
    // The session lookup already read the member: the answer costs no further query, but for the
    // bank details of a session that passed a second factor in the last 15 minutes.
    async (request) => ({
      data: await withBankDetailsShown({
        db: opts.db,
        fieldKeys: opts.fieldKeys,
        staffId: request.session!.staffId,
        log: request.log,
        steppedUp: steppedUpRecently(request.session),
        member: await toStaffMember(request.session!.staff),
      }),
    }),
  );

  r.post(
    '/staff/self-service/logout',
    {
      schema: {
        summary: 'End the session (and the embedded provider session)',
        tags: ['auth'],
        response: { 200: logoutAnswerSchema, 403: errorEnvelopeSchema },
      },
    },
    async (request, reply) => {
      await opts.endProviderSession?.(request);
      const endSessionUrl = config.oidc.mode === 'external' ? await externalEndSession(request) : undefined;
      await app.endSession(request, reply);
      if (endSessionUrl !== undefined) rememberSignOut(reply, config, endSessionUrl);
      return { data: { signed_out: true as const } };
    },
  );
}
