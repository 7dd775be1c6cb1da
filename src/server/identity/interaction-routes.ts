/**
 * The embedded provider's interaction pages (oidc-provider "interactions"): the branded sign-in form at
 * `/interaction/<uid>` and its POST. A correct email + password finishes the login prompt; consent is
 * implied for first-party clients (see loadExistingGrant). Sign-in attempts are rate-limited per
 * address and email, an account locks after too many wrong passwords from anywhere (account-lock.ts),
 * and each attempt is written to the audit log without the password. The pages, errors included, are
 * in the language chosen on the device (its `staffroom.language` cookie), English when none.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { z } from 'zod';
import type { AppConfig } from '@server/config.js';
import type { Db } from '@server/db/client.js';
import { staff } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { accessEndedMessage, isLeaver } from '@server/lib/leavers.js';
import { verifyPassword } from '@server/lib/passwords.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { accountLockedMessage, type AccountLock } from './account-lock.js';
import { INTERACTION_PREFIX, pinToPublicUrl } from './embedded-provider.js';
import { addressBudgetMessage, type AddressBudget } from './address-budget.js';
import { languageOfDevice, renderProviderError, renderSignInPage } from './sign-in-page.js';

const loginForm = z.object({
  email: z.string().trim().max(320).default(''),
  password: z.string().max(1024).default(''),
});

export interface InteractionRoutesOptions {
  config: AppConfig;
  db: Db;
  /** The provider, set up on first use (wire-identity.ts). */
  provider: () => Promise<Provider>;
  /** Wrong passwords per account, across addresses. */
  accountLock: AccountLock;
  /** Failed sign-ins per address, across accounts. */
  addressBudget: AddressBudget;
}

export async function interactionRoutes(app: FastifyInstance, opts: InteractionRoutesOptions): Promise<void> {
  const { config, db, provider, accountLock, addressBudget } = opts;
  // The provider reads these requests too (interactionDetails, interactionFinished).
  app.addHook('onRequest', async (request) => pinToPublicUrl(request.raw, config, request.ip));

  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 8 * 1024 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );

  const sendHtml = (reply: FastifyReply, status: number, html: string) =>
    reply
      .code(status)
      .header('content-type', 'text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('referrer-policy', 'no-referrer')
      .send(html);

  // Errors on these pages (rate limit, bad form) are shown as a page, not as JSON.
  app.setErrorHandler((err: { statusCode?: number }, request, reply) => {
    const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 500;
    if (status === 500) request.log.error({ err }, 'sign-in page failed');
    const language = languageOfDevice(request.cookies);
    const t = serverTranslator(language);
    const message = status === 429 ? t('signIn.tooManyAttempts') : t('signIn.somethingWrong');
    return sendHtml(reply, status, renderProviderError({ brandId: config.brand, language, message }));
  });

  const expired = (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOfDevice(request.cookies);
    return sendHtml(
      reply,
      400,
      renderProviderError({ brandId: config.brand, language, message: serverTranslator(language)('signIn.expired') }),
    );
  };

  const details = async (request: FastifyRequest, reply: FastifyReply) => {
    const oidc = await provider();
    try {
      return await oidc.interactionDetails(request.raw, reply.raw);
    } catch {
      return undefined;
    }
  };

  app.get<{ Params: { uid: string } }>(`${INTERACTION_PREFIX}/:uid`, async (request, reply) => {
    const interaction = await details(request, reply);
    if (!interaction || interaction.uid !== request.params.uid) return expired(request, reply);
    if (interaction.prompt.name === 'login') {
      return sendHtml(
        reply,
        200,
        renderSignInPage({
          brandId: config.brand,
          language: languageOfDevice(request.cookies),
          action: `${INTERACTION_PREFIX}/${interaction.uid}/login`,
        }),
      );
    }
    // Any other prompt (consent) is granted for the first-party portal.
    const { session, params } = interaction;
    if (!session) return expired(request, reply);
    const oidc = await provider();
    const grant = new oidc.Grant({ accountId: session.accountId, clientId: String(params.client_id) });
    grant.addOIDCScope('openid email profile');
    const grantId = await grant.save();
    reply.hijack();
    await oidc.interactionFinished(request.raw, reply.raw, { consent: { grantId } }, { mergeWithLastSubmission: true });
  });

  app.post<{ Params: { uid: string } }>(
    `${INTERACTION_PREFIX}/:uid/login`,
    {
      config: {
        // Per address and email: a venue's staff share one public IP at shift change.
        rateLimit: {
          max: config.signInAttemptsPerMinute,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (request: FastifyRequest) => {
            const email = (request.body as { email?: unknown } | undefined)?.email;
            return `${request.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
        },
      },
    },
    async (request, reply) => {
      const interaction = await details(request, reply);
      if (!interaction || interaction.uid !== request.params.uid || interaction.prompt.name !== 'login') {
        return expired(request, reply);
      }
      const language = languageOfDevice(request.cookies);
      const t = serverTranslator(language);
      const form = loginForm.safeParse(request.body ?? {});
      const email = form.success ? form.data.email.toLowerCase() : '';
      const password = form.success ? form.data.password : '';
      const signInPage = (status: number, error: string) =>
        sendHtml(
          reply,
          status,
          renderSignInPage({
            brandId: config.brand,
            language,
            action: `${INTERACTION_PREFIX}/${interaction.uid}/login`,
            email: form.success ? form.data.email : '',
            error,
          }),
        );
      if (email === '' || password === '') {
        await audit(db, {
          staffId: null,
          actor: 'anonymous',
          action: 'sign-in.password.failed',
          details: { reason: 'empty' },
          ip: request.ip,
        });
        return signInPage(401, t('signIn.empty'));
      }
      const [member] = await db
        .select({
          id: staff.id,
          forename: staff.forename,
          language: staff.language,
          passwordHash: staff.passwordHash,
          accessEndsAt: staff.accessEndsAt,
          leavingDate: staff.leavingDate,
        })
        .from(staff)
        .where(eq(staff.emailAddress, email))
        .limit(1);
      const audited = (action: string, details: Record<string, unknown> = {}) =>
        audit(db, {
          staffId: member?.id ?? null,
          actor: member ? `staff:${member.id}` : 'anonymous',
          action,
          details,
          ip: request.ip,
        });
      // Both budgets are spent before the password is checked: spent, not even the right password is
      // tried, and an unknown email address is answered alike.
      const spent = await addressBudget.take(request.ip);
      if (spent) {
        await audited('sign-in.password.refused', { reason: 'address-budget' });
        return signInPage(429, addressBudgetMessage(spent.waitMinutes, language));
      }
      const counted = await accountLock.countAttempt(email);
      if (counted.locked) {
        await audited('sign-in.password.refused', { reason: 'account-locked' });
        return signInPage(429, accountLockedMessage(language));
      }
      const ok = await verifyPassword(member?.passwordHash, password);
      await audited(
        ok ? 'sign-in.password.succeeded' : 'sign-in.password.failed',
        ok ? {} : { reason: member ? 'wrong-password' : 'unknown-email' },
      );
      if (!ok || !member) {
        if (await accountLock.recordFailure(email, counted.attempt, member)) {
          await audited('sign-in.account-locked');
          return signInPage(429, accountLockedMessage(language));
        }
        return signInPage(401, t('signIn.noMatch'));
      }
      await accountLock.recordSuccess(email);
      await addressBudget.giveBack(request.ip);
      const oidc = await provider();
      reply.hijack();
      if (isLeaver(member.accessEndsAt)) {
        // A leaver's right password opens no provider session: the portal's login screen shows why
        // (docs/product.md#leavers), as it shows any provider's refusal (OpenID Connect `error`).
        await audited('sign-in.password.refused', { reason: 'left' });
        await oidc.interactionFinished(
          request.raw,
          reply.raw,
          { error: 'access_denied', error_description: accessEndedMessage(member.leavingDate) },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      await oidc.interactionFinished(
        request.raw,
        reply.raw,
        { login: { accountId: member.id } },
        { mergeWithLastSubmission: false },
      );
    },
  );
}
