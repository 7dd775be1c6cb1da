/**
 * Leavers (docs/product.md#leavers): recording a person's last working day and why they leave, changing
 * or cancelling it before it takes effect, "leave now", and re-hiring a leaver. Access ends at
 * `staff.access_ends_at`, which everything that grants access compares with the clock (lib/leavers.ts,
 * docs/decisions/0046-leavers-access-ends-by-the-clock.md), so nothing here has to run when it passes.
 * The one leaver notice is queued with the leaving, due when access ends, and replaced or withdrawn
 * with it. Each step keeps `staff.is_leaving`, the console's leaving filter's flag, a superset of who is
 * leaving: set with a leaving, cleared by a cancel or re-hire (docs/decisions/0072-leaving-flag-for-the-console.md).
 * Every step is audited. The console (HR, a manager for their venues), the admin CLI
 * (`staff leave`) and the staff import call these with ids; the caller checks the console scope first.
 */
import { and, eq, isNull, sql } from 'drizzle-orm';
import { getBrand } from '@shared/brands.js';
import type { LeavingReason } from '@shared/leavers.js';
import type { Db } from '@server/db/client.js';
import { deliveries, sessions, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { serverTranslator } from '@server/i18n/messages.js';
import { audit } from '@server/lib/audit.js';
import { isUuid } from '@server/lib/ids.js';
import { isLeaver, LEAVER_NOTICE_PURPOSE } from '@server/lib/leavers.js';
import { endOfUkDay, ukDateOf, ukDateText } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';

/** A person's leaving as recorded: all null while they stay. */
interface LeavingState {
  leavingDate: string | null;
  leavingReason: LeavingReason | null;
  accessEndsAt: Date | null;
}

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/** The person, locked for the change. @throws AppError STAFF_NOT_FOUND for an unknown id. */
async function lockPerson(tx: Tx, staffId: string) {
  const [person] = isUuid(staffId)
    ? await tx
        .select({
          id: staff.id,
          email: staff.emailAddress,
          forename: staff.forename,
          knownAs: staff.knownAs,
          startDate: staff.startDate,
          leavingDate: staff.leavingDate,
          leavingReason: staff.leavingReason,
          accessEndsAt: staff.accessEndsAt,
          brand: venues.brand,
          language: staff.language,
        })
        .from(staff)
        .leftJoin(venues, eq(venues.id, staff.venueId))
        .where(eq(staff.id, staffId))
        .limit(1)
        .for('update', { of: staff })
    : [];
  if (!person) throw new AppError('STAFF_NOT_FOUND', 'That person was not found.');
  return person;
}

/** Withdraws the leaver notice still waiting to be sent (a changed or cancelled leaving, a re-hire). */
async function withdrawNotice(tx: Tx, staffId: string): Promise<void> {
  await tx
    .delete(deliveries)
    .where(
      and(
        eq(deliveries.staffId, staffId),
        eq(deliveries.purpose, LEAVER_NOTICE_PURPOSE),
        isNull(deliveries.sentAt),
        isNull(deliveries.gaveUpAt),
      ),
    );
}

const alreadyLeft = (leavingDate: string | null) =>
  new AppError(
    'CONFLICT',
    `They left on ${leavingDate ? ukDateText(leavingDate) : 'an earlier date'}. To bring them back, re-hire them with a new start date.`,
  );

/**
 * Records (or changes) the leaving of member `staffId`: their last working day `leavingDate`
 * (YYYY-MM-DD, a UK day) and `reason`. Access ends at the end of that day in Europe/London; with
 * `leaveNow`, at once, and the date is then today (the default) or an earlier last working day, for a
 * leaving recorded late. A date before today without `leaveNow` is refused: access cannot end in the
 * past, and "leave now" says what happens. Queues the one leaver notice, due when access ends (sent
 * at once with `leaveNow`), in place of any still waiting. Audited `staff.leaving_recorded`,
 * `staff.leaving_changed` or `staff.left_now`.
 * @throws AppError STAFF_NOT_FOUND for an unknown id; BAD_REQUEST (field `leaving_date`) for a missing or
 *   past date, or a future one with `leaveNow`; CONFLICT when they have already left.
 */
export async function recordLeaving(opts: {
  services: Services;
  staffId: string;
  leavingDate?: string;
  reason: LeavingReason;
  leaveNow?: boolean;
  actor: string;
  ip?: string;
}): Promise<LeavingState> {
  const { services } = opts;
  const now = new Date();
  const today = ukDateOf(now);
  const leavingDate = opts.leavingDate ?? (opts.leaveNow ? today : undefined);
  if (!leavingDate) throw dateProblem('Choose their last working day.');
  if (opts.leaveNow && leavingDate > today)
    throw dateProblem('With “Leave now” the last working day is today or earlier.');
  if (!opts.leaveNow && leavingDate < today)
    throw dateProblem('The last working day cannot be before today. To end their access at once, choose “Leave now”.');
  const accessEndsAt = opts.leaveNow ? now : endOfUkDay(leavingDate);
  const state: LeavingState = { leavingDate, leavingReason: opts.reason, accessEndsAt };
  const deliveryId = await services.db.transaction(async (tx) => {
    const person = await lockPerson(tx, opts.staffId);
    if (isLeaver(person.accessEndsAt, now)) throw alreadyLeft(person.leavingDate);
    await tx
      .update(staff)
      // Flagged with "leave now" too: the flag need only be a superset of who is leaving (to an instance
      // whose clock runs behind they are, for a moment), and the next clean-up round clears it
      // (docs/decisions/0072-leaving-flag-for-the-console.md).
      .set({ leavingDate, leavingReason: opts.reason, accessEndsAt, isLeaving: true, updatedAt: now })
      .where(eq(staff.id, person.id));
    await withdrawNotice(tx, person.id);
    const id = await services.deliveries.enqueue(tx, {
      purpose: LEAVER_NOTICE_PURPOSE,
      staffId: person.id,
      notBefore: accessEndsAt,
      mail: leaverNotice(services, person, leavingDate),
    });
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: opts.leaveNow
        ? 'staff.left_now'
        : person.leavingDate
          ? 'staff.leaving_changed'
          : 'staff.leaving_recorded',
      ip: opts.ip ?? null,
      details: {
        leaving_date: leavingDate,
        reason: opts.reason,
        access_ends_at: accessEndsAt.toISOString(),
        ...(person.leavingDate
          ? { previous_leaving_date: person.leavingDate, previous_reason: person.leavingReason }
          : {}),
      },
    });
    return id;
  });
  // Due now: its first try, as every message gets; later, the worker rounds send it when it is due.
  if (opts.leaveNow) await services.deliveries.deliver(deliveryId);
  return state;
}

/**
 * Cancels a leaving recorded for member `staffId` before it takes effect, and withdraws its notice.
 * Audited `staff.leaving_cancelled`.
 * @throws AppError STAFF_NOT_FOUND for an unknown id; CONFLICT when none is recorded or they have already left.
 */
export async function cancelLeaving(opts: {
  services: Services;
  staffId: string;
  actor: string;
  ip?: string;
}): Promise<void> {
  const now = new Date();
  await opts.services.db.transaction(async (tx) => {
    const person = await lockPerson(tx, opts.staffId);
    if (!person.leavingDate) throw new AppError('CONFLICT', 'No leaving date is recorded for them.');
    if (isLeaver(person.accessEndsAt, now)) throw alreadyLeft(person.leavingDate);
    await tx
      .update(staff)
      .set({ leavingDate: null, leavingReason: null, accessEndsAt: null, isLeaving: false, updatedAt: now })
      .where(eq(staff.id, person.id));
    await withdrawNotice(tx, person.id);
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: 'staff.leaving_cancelled',
      ip: opts.ip ?? null,
      details: { leaving_date: person.leavingDate, reason: person.leavingReason },
    });
  });
}

/**
 * Re-hires leaver `staffId` from `startDate` (YYYY-MM-DD), which must come after their leaving date:
 * the leaving is cleared and they come back as the same record, with their documents, history and
 * staff number. Sessions from before they left stay ended; they sign in again. Audited `staff.rehired`
 * with the leaving it ends. Also the path of an import row that matches a leaver.
 * @throws AppError STAFF_NOT_FOUND for an unknown id; CONFLICT unless they have left; BAD_REQUEST (field
 *   `start_date`) for a start date on or before the leaving date.
 */
export async function rehireLeaver(opts: {
  services: Services;
  staffId: string;
  startDate: string;
  actor: string;
  ip?: string;
}): Promise<void> {
  const now = new Date();
  await opts.services.db.transaction(async (tx) => {
    const person = await lockPerson(tx, opts.staffId);
    if (!isLeaver(person.accessEndsAt, now)) {
      throw new AppError(
        'CONFLICT',
        person.leavingDate
          ? 'They have not left yet: cancel their leaving instead.'
          : 'They have not left, so there is no one to re-hire.',
      );
    }
    if (person.leavingDate && opts.startDate <= person.leavingDate) {
      throw new AppError('BAD_REQUEST', 'The new start date must be after their leaving date.', [
        { field: 'start_date', error: `Choose a day after ${ukDateText(person.leavingDate)}` },
      ]);
    }
    await tx
      .update(staff)
      .set({
        startDate: opts.startDate,
        leavingDate: null,
        leavingReason: null,
        accessEndsAt: null,
        isLeaving: false,
        updatedAt: now,
      })
      .where(eq(staff.id, person.id));
    // A session from before they left must not come back to life with them.
    await tx
      .update(sessions)
      .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
      .where(eq(sessions.staffId, person.id));
    await withdrawNotice(tx, person.id);
    await audit(tx, {
      staffId: person.id,
      actor: opts.actor,
      action: 'staff.rehired',
      ip: opts.ip ?? null,
      details: {
        start_date: opts.startDate,
        previous_start_date: person.startDate,
        previous_leaving_date: person.leavingDate,
        previous_reason: person.leavingReason,
      },
    });
  });
}

function dateProblem(error: string): AppError {
  return new AppError('BAD_REQUEST', error, [{ field: 'leaving_date', error }]);
}

/** The one message a leaver gets (docs/product.md#leavers), sent when their access ends, in their language. */
function leaverNotice(
  services: Services,
  person: { email: string; forename: string; knownAs: string | null; brand: string | null; language: string | null },
  leavingDate: string,
) {
  const brand = getBrand(person.brand ?? services.config.brand);
  const t = serverTranslator(person.language);
  return {
    to: person.email,
    subject: t('leaver.subject', { brand: brand.name }),
    text: [
      t('mail.hi', { name: person.knownAs || person.forename }),
      '',
      t('leaver.text', { brand: brand.name, date: ukDateText(leavingDate) }),
    ].join('\n'),
  };
}
