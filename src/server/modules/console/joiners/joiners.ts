/**
 * The console's joiners (docs/product.md#joiners): invite one to a venue in the caller's scope, the board
 * of joiners by stage with how long each has waited, a link sent again or revoked; on the same
 * service as `invite`.
 */
import { desc, eq, gt, ne, or } from 'drizzle-orm';
import type { InviteBody, Invitation, Joiner } from '@shared/api/console/joiners.js';
import { onboardings, staff, venues } from '@server/db/schema.js';
import type { Db } from '@server/db/client.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { templateFileOf } from '@server/modules/documents/index.js';
import { inviteJoiner, reissueOnboardingLink } from '@server/modules/onboarding/index.js';
import type { Services } from '@server/services.js';
import { usableTemplate } from '@server/modules/console/shared/documents.js';
import { onboardingStage } from '@server/modules/console/shared/onboarding-stage.js';
import { PERSON_NOT_FOUND, withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/** Completed joiners stay on the board this long, so HR sees them arrive. */
const SHOWN_AFTER_COMPLETE_DAYS = 14;
const DAY_MS = 86_400_000;

/**
 * Invites a joiner to a venue the scope may see, as `invite` does (a joiner not yet finished gets a
 * new link), with the built-in contract or the stored contract template `template_id`.
 * @throws AppError BAD_REQUEST for a venue outside the scope or a template that is not an active
 *   contract template; CONFLICT for an existing member.
 */
export async function inviteFromConsole(opts: {
  services: Services;
  scope: ConsoleScope;
  body: InviteBody;
}): Promise<Invitation> {
  const { services, scope, body } = opts;
  const [venue] = await services.db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.id, body.venue_id!))
    .limit(1);
  if (!venue || (scope.venueIds !== null && !scope.venueIds.includes(venue.id))) {
    throw new AppError('BAD_REQUEST', 'Choose one of your venues.', [
      { field: 'venue_id', error: 'Choose one of your venues' },
    ]);
  }
  // A stored contract template (docs/product.md#document-templates) instead of the built-in contract.
  const stored = body.template_id
    ? await usableTemplate({ services, id: body.template_id, kind: 'contract' })
    : undefined;
  const contractTemplate = stored ? await templateFileOf({ services, row: stored }) : undefined;
  const result = await inviteJoiner({
    services,
    actor: `staff:${scope.actorId}`,
    input: {
      forename: body.forename,
      surname: body.surname,
      email: body.email,
      venueId: venue.id,
      position: body.position || undefined,
      startDate: body.start_date,
      fieldset: body.fieldset || undefined,
      contractTemplate: contractTemplate?.file,
      contractTitle: contractTemplate?.title,
      contractTemplateId: stored?.id,
    },
  });
  return {
    staff_id: result.staffId,
    link: result.link,
    reissued: result.reissued,
    mail_problem: result.mailError ? { reason: result.mailError.reason, will_retry: result.mailError.willRetry } : null,
  };
}

/** The joiners the scope may see: everyone still onboarding, and those who finished in the last 14 days. */
export async function listJoiners(opts: { db: Db; scope: ConsoleScope; now?: Date }): Promise<Joiner[]> {
  const now = opts.now ?? new Date();
  const recently = new Date(now.getTime() - SHOWN_AFTER_COMPLETE_DAYS * DAY_MS);
  const rows = await opts.db
    .select({
      id: staff.id,
      forename: staff.forename,
      surname: staff.surname,
      email: staff.emailAddress,
      venue: venues.name,
      position: staff.position,
      startDate: staff.startDate,
      onboardComplete: staff.onboardComplete,
      step: onboardings.step,
      linkExpiresAt: onboardings.expiresAt,
      updatedAt: onboardings.updatedAt,
    })
    .from(onboardings)
    .innerJoin(staff, eq(staff.id, onboardings.staffId))
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(withinScope(opts.scope, or(ne(onboardings.step, 'complete'), gt(onboardings.completedAt, recently))))
    .orderBy(desc(onboardings.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    name: `${row.forename} ${row.surname}`,
    email_address: row.email,
    venue: row.venue,
    position: row.position,
    start_date: row.startDate,
    stage: onboardingStage(row, now),
    waiting_days: Math.max(0, Math.floor((now.getTime() - row.updatedAt.getTime()) / DAY_MS)),
    link_expires_at: row.linkExpiresAt.toISOString(),
  }));
}

/** @throws AppError NOT_FOUND unless `id` is a joiner still onboarding whom the scope may see. */
async function joinerInScope(db: Db, scope: ConsoleScope, id: string) {
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);
  const [row] = valid
    ? await db
        .select({ id: staff.id, onboardingId: onboardings.id, step: onboardings.step })
        .from(onboardings)
        .innerJoin(staff, eq(staff.id, onboardings.staffId))
        .where(withinScope(scope, eq(staff.id, id)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
  if (row.step === 'complete')
    throw new AppError('CONFLICT', 'They have finished onboarding: there is no link to send.');
  return row;
}

/** Sends a joiner a new link; the old one stops working. */
export async function resendJoinerLink(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
}): Promise<Invitation> {
  const { services, scope } = opts;
  const joiner = await joinerInScope(services.db, scope, opts.id);
  const result = await reissueOnboardingLink({ services, staffId: joiner.id, actor: `staff:${scope.actorId}` });
  return {
    staff_id: result.staffId,
    link: result.link,
    reissued: true,
    mail_problem: result.mailError ? { reason: result.mailError.reason, will_retry: result.mailError.willRetry } : null,
  };
}

/** Stops a joiner's link working at once (a link sent to the wrong address), audited; their record stays. */
export async function revokeJoinerLink(opts: { db: Db; scope: ConsoleScope; id: string; ip: string }): Promise<void> {
  const joiner = await joinerInScope(opts.db, opts.scope, opts.id);
  const now = new Date();
  await opts.db.transaction(async (tx) => {
    await tx.update(onboardings).set({ expiresAt: now, updatedAt: now }).where(eq(onboardings.id, joiner.onboardingId));
    await audit(tx, {
      staffId: joiner.id,
      actor: `staff:${opts.scope.actorId}`,
      action: 'onboarding.link_revoked',
      ip: opts.ip,
      details: { onboarding_id: joiner.onboardingId },
    });
  });
}
