/**
 * The reminder sweep (docs/product.md#reminders, docs/decisions/0049-reminders.md), run by every instance
 * on a schedule (schedule.ts):
 *
 * - `onboarding_stalled`: a joiner who has not finished onboarding 2 and 5 days after the invitation,
 *   while their link still works.
 * - `unsigned_document`: a contract or agreement sent on its own link and not signed 3 and 7 days after
 *   it was issued, while the link still works.
 * - `vehicle_expiry`: a member whose vehicle's MOT expires within 30 days, and again once it has expired
 *   (each MOT expiry date counts as its own item, so a renewed MOT is reminded of in its turn).
 * - `insurance_expiry`: a member whose vehicle's approved insurance ends within 30 days, and again once it
 *   has ended, by the last day of cover HR recorded when approving it (the item is the vehicle, the document
 *   and that date, so a replaced document is reminded of in its turn; a document approved without a date
 *   never is).
 * - `weekly_digest`: to HR and each manager, from 08:00 on Monday in London, the right-to-work
 *   permissions expiring within 90 days or expired and the joiners stalled 5 days or more, within
 *   their venues; nothing when there is nothing to say.
 *
 * Each reminder goes once per rule, item and stage: its `reminders_sent` row is inserted with
 * `ON CONFLICT DO NOTHING` in the transaction that queues its mail (and text), so a second sweep, a
 * second instance or a restart finds the row and sends nothing. A sweep that finds an item past two
 * stages sends the later one only. Text messages go where the person has a mobile and an SMS gateway is
 * set, never between 21:00 and 08:00 in London: one queued then waits in the delivery queue until 08:00.
 * Nothing goes to a leaver (access ended), and a kind switched off in Set-up sends nothing. A member's
 * reminders are in their language (`staff.language`, English when none); the digest is in English.
 */
import { and, eq, gte, inArray, isNotNull, isNull, lt, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import { REMINDER_KINDS, type ReminderKind } from '@shared/reminders.js';
import { COVER_ENDS_REMIND_WITHIN_DAYS } from '@shared/insurance-cover.js';
import { EXPIRING_WITHIN_DAYS } from '@shared/right-to-work.js';
import { getBrand } from '@shared/brands.js';
import {
  documents,
  onboardings,
  remindersSent,
  rightToWorkChecks,
  staff,
  vehicles,
  venueManagers,
  venues,
} from '@server/db/schema.js';
import { serverTranslator, type MessageValues, type ServerMessageId } from '@server/i18n/messages.js';
import type { QueuedMessage } from '@server/lib/delivery-queue.js';
import { notLeaverSql } from '@server/lib/leavers.js';
import { startOfUkDay, todayInUk, UK_TIME_ZONE } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';
import { readReminderSwitches } from './settings.js';

const DAY_MS = 24 * 60 * 60_000;
/** Stages in days after the invitation / the issue, latest first. */
const ONBOARDING_STAGES = [5, 2] as const;
const DOCUMENT_STAGES = [7, 3] as const;
/** Items older than this are not looked at: their last stage is long past. */
const LOOK_BACK_DAYS = 14;

/** The instant `days` days before `now`. */
const daysBefore = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);

/** The latest of `stages` (days, latest first) that an item started at `startedAt` has reached by `now`. */
const stageReached = (stages: readonly number[], startedAt: Date, now: Date): number | undefined =>
  stages.find((days) => startedAt <= daysBefore(now, days));
const MOT_WITHIN_DAYS = 30;
/** A joiner this many days past the invitation is "stalled" in the digest. */
const STALLED_AFTER_DAYS = 5;
/** The digest names at most this many people a list. */
const DIGEST_NAMES = 20;
/** Text messages wait for this hour (London) when the sweep falls in the quiet hours. */
const SMS_FROM_HOUR = 8;
const SMS_UNTIL_HOUR = 21;

/** One reminder to send: its key, whom it goes to, and what it says. */
interface Reminder {
  rule: ReminderKind;
  itemId: string;
  stage: string;
  to: { id: string; email: string; mobile: string | null };
  subject: string;
  text: string;
  /** A short text message, for the rules that send one. */
  sms?: string;
}

/**
 * When a text message queued at `now` may go: now, or 08:00 in London when now is between 21:00 and
 * 08:00 there.
 */
export function smsNotBefore(now: Date): Date {
  const london = dayjs(now).tz(UK_TIME_ZONE);
  const today = todayInUk(now);
  if (london.hour() >= SMS_UNTIL_HOUR) {
    const tomorrow = dayjs.utc(today).add(1, 'day').format('YYYY-MM-DD');
    return new Date(startOfUkDay(tomorrow).getTime() + SMS_FROM_HOUR * 3_600_000);
  }
  if (london.hour() < SMS_FROM_HOUR) return new Date(startOfUkDay(today).getTime() + SMS_FROM_HOUR * 3_600_000);
  return now;
}

/**
 * The Monday (YYYY-MM-DD, London) of the digest week `now` is in: a week's digest is due from 08:00 on
 * its Monday, so until then it is still last week's.
 */
export function digestWeek(now: Date): string {
  const shifted = dayjs(now).tz(UK_TIME_ZONE).subtract(SMS_FROM_HOUR, 'hour');
  const date = dayjs.utc(shifted.format('YYYY-MM-DD'));
  return date.subtract((date.day() + 6) % 7, 'day').format('YYYY-MM-DD');
}

const ukDate = (date: string) => dayjs.utc(date).format('DD/MM/YYYY');
const ukDateOf = (at: Date) => ukDate(todayInUk(at));

/** Members to remind: still employed, with their contact details and language. */
const recipient = {
  id: staff.id,
  email: staff.emailAddress,
  mobile: staff.mobile,
  forename: staff.forename,
  language: staff.language,
};

/**
 * A reminder's words in `person`'s language: the subject, the mail (greeting, then `body`), and the
 * text message, each message named by its key and given `values`.
 */
function reminderWords(
  person: { forename: string; language: string | null },
  keys: { subject: ServerMessageId; body: ServerMessageId; sms: ServerMessageId },
  values: MessageValues,
): Pick<Reminder, 'subject' | 'text' | 'sms'> {
  const t = serverTranslator(person.language);
  return {
    subject: t(keys.subject, values),
    text: `${t('mail.hello', { name: person.forename })}\n\n${t(keys.body, values)}\n`,
    sms: t(keys.sms, values),
  };
}

async function stalledOnboardings(services: Services, now: Date): Promise<Reminder[]> {
  const since = daysBefore(now, LOOK_BACK_DAYS);
  const rows = await services.db
    .select({ ...recipient, onboardingId: onboardings.id, invitedAt: onboardings.createdAt, venueBrand: venues.brand })
    .from(onboardings)
    .innerJoin(staff, eq(staff.id, onboardings.staffId))
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .where(
      and(
        ne(onboardings.step, 'complete'),
        eq(staff.onboardComplete, false),
        sql`${onboardings.expiresAt} > ${now}`,
        gte(onboardings.createdAt, since),
        lte(onboardings.createdAt, daysBefore(now, ONBOARDING_STAGES.at(-1)!)),
        notLeaverSql(now),
      ),
    );
  return rows.flatMap((row) => {
    const days = stageReached(ONBOARDING_STAGES, row.invitedAt, now);
    if (!days) return [];
    const company = getBrand(row.venueBrand ?? services.config.brand).name;
    return [
      {
        rule: 'onboarding_stalled',
        itemId: row.onboardingId,
        stage: `day${days}`,
        to: row,
        ...reminderWords(
          row,
          { subject: 'reminder.onboardingSubject', body: 'reminder.onboardingText', sms: 'reminder.onboardingSms' },
          { company, date: ukDateOf(row.invitedAt) },
        ),
      },
    ];
  });
}

async function unsignedDocuments(services: Services, now: Date): Promise<Reminder[]> {
  const since = daysBefore(now, LOOK_BACK_DAYS);
  const rows = await services.db
    .select({
      ...recipient,
      documentId: documents.id,
      kind: documents.kind,
      title: documents.title,
      issuedAt: documents.createdAt,
    })
    .from(documents)
    .innerJoin(staff, eq(staff.id, documents.staffId))
    .where(
      and(
        isNull(documents.signedAt),
        // A contract signed inside onboarding has no link of its own: the onboarding reminder covers it.
        isNotNull(documents.tokenHash),
        or(isNull(documents.expiresAt), sql`${documents.expiresAt} > ${now}`),
        gte(documents.createdAt, since),
        lte(documents.createdAt, daysBefore(now, DOCUMENT_STAGES.at(-1)!)),
        notLeaverSql(now),
      ),
    );
  return rows.flatMap((row) => {
    const days = stageReached(DOCUMENT_STAGES, row.issuedAt, now);
    if (!days) return [];
    return [
      {
        rule: 'unsigned_document',
        itemId: row.documentId,
        stage: `day${days}`,
        to: row,
        ...reminderWords(
          row,
          { subject: 'reminder.documentSubject', body: 'reminder.documentText', sms: 'reminder.documentSms' },
          { kind: row.kind, title: row.title, date: ukDateOf(row.issuedAt) },
        ),
      },
    ];
  });
}

async function vehicleExpiries(services: Services, now: Date): Promise<Reminder[]> {
  const today = todayInUk(now);
  const day = (n: number) => dayjs.utc(today).add(n, 'day').format('YYYY-MM-DD');
  const rows = await services.db
    .select({
      ...recipient,
      vehicleId: vehicles.id,
      registration: vehicles.registration,
      motExpiry: vehicles.motExpiryDate,
    })
    .from(vehicles)
    .innerJoin(staff, eq(staff.id, vehicles.staffId))
    .where(
      and(
        gte(vehicles.motExpiryDate, day(-LOOK_BACK_DAYS)),
        lte(vehicles.motExpiryDate, day(MOT_WITHIN_DAYS)),
        notLeaverSql(now),
      ),
    );
  return rows.map((row) => {
    const expired = row.motExpiry! < today;
    const when = ukDate(row.motExpiry!);
    return {
      rule: 'vehicle_expiry',
      itemId: `${row.vehicleId}:${row.motExpiry}`,
      stage: expired ? 'expired' : `within${MOT_WITHIN_DAYS}`,
      to: row,
      ...reminderWords(
        row,
        expired
          ? { subject: 'reminder.motExpiredSubject', body: 'reminder.motExpiredText', sms: 'reminder.motExpiredSms' }
          : { subject: 'reminder.motExpiresSubject', body: 'reminder.motExpiresText', sms: 'reminder.motExpiresSms' },
        { registration: row.registration, date: when },
      ),
    };
  });
}

/** The UK date `days` days after `today` (YYYY-MM-DD; negative for before), counted on the calendar. */
const datePlus = (today: string, days: number) => dayjs.utc(today).add(days, 'day').format('YYYY-MM-DD');

async function insuranceExpiries(services: Services, now: Date): Promise<Reminder[]> {
  const today = todayInUk(now);
  const myVehicles = `${services.config.publicUrl}/my-vehicles`;
  const rows = await services.db
    .select({
      ...recipient,
      vehicleId: vehicles.id,
      registration: vehicles.registration,
      documentId: vehicles.insuranceFileId,
      coverEnds: vehicles.insuranceCoverEnds,
    })
    .from(vehicles)
    .innerJoin(staff, eq(staff.id, vehicles.staffId))
    .where(
      and(
        // Reject and replace clear the date, so a date means the current document is approved.
        isNotNull(vehicles.insuranceApprovedBy),
        isNotNull(vehicles.insuranceFileId),
        gte(vehicles.insuranceCoverEnds, datePlus(today, -LOOK_BACK_DAYS)),
        lte(vehicles.insuranceCoverEnds, datePlus(today, COVER_ENDS_REMIND_WITHIN_DAYS)),
        notLeaverSql(now),
      ),
    );
  return rows.map((row) => {
    // The date is the last day of cover: it has ended once that day is over.
    const ended = row.coverEnds! < today;
    const when = ukDate(row.coverEnds!);
    return {
      rule: 'insurance_expiry',
      itemId: `${row.vehicleId}:${row.documentId}:${row.coverEnds}`,
      stage: ended ? 'ended' : `within${COVER_ENDS_REMIND_WITHIN_DAYS}`,
      to: row,
      ...reminderWords(
        row,
        ended
          ? {
              subject: 'reminder.insuranceEndedSubject',
              body: 'reminder.insuranceEndedText',
              sms: 'reminder.insuranceEndedSms',
            }
          : {
              subject: 'reminder.insuranceEndsSubject',
              body: 'reminder.insuranceEndsText',
              sms: 'reminder.insuranceEndsSms',
            },
        { registration: row.registration, date: when, link: myVehicles },
      ),
    };
  });
}

/** Who gets the digest: HR and managers still employed, each with their venues (null: every venue). */
async function digestReminders(services: Services, now: Date): Promise<Reminder[]> {
  const { db } = services;
  const london = dayjs(now).tz(UK_TIME_ZONE);
  // Due from 08:00 on Monday; digestWeek names the week.
  const week = digestWeek(now);
  if (london.isBefore(dayjs.tz(`${week} 08:00`, UK_TIME_ZONE))) return [];
  const readers = await db
    .select({ ...recipient, role: staff.role })
    .from(staff)
    .where(and(inArray(staff.role, ['hr', 'manager']), notLeaverSql(now)));
  if (readers.length === 0) return [];
  const managed = await db
    .select()
    .from(venueManagers)
    .where(
      inArray(
        venueManagers.staffId,
        readers.map((r) => r.id),
      ),
    );
  const today = todayInUk(now);
  const until = dayjs.utc(today).add(EXPIRING_WITHIN_DAYS, 'day').format('YYYY-MM-DD');
  const stalledSince = daysBefore(now, STALLED_AFTER_DAYS);
  const out: Reminder[] = [];
  for (const reader of readers) {
    const venueIds = reader.role === 'hr' ? null : managed.filter((m) => m.staffId === reader.id).map((m) => m.venueId);
    if (venueIds && venueIds.length === 0) continue;
    const inScope = (condition: SQL | undefined) =>
      and(notLeaverSql(now), condition, venueIds ? inArray(staff.venueId, venueIds) : undefined);
    const person = { forename: staff.forename, surname: staff.surname, venue: venues.name };
    const [expiring, expired, stalled] = await Promise.all([
      db
        .select({ ...person, date: rightToWorkChecks.permissionExpiresOn })
        .from(rightToWorkChecks)
        .innerJoin(staff, eq(staff.id, rightToWorkChecks.staffId))
        .leftJoin(venues, eq(venues.id, staff.venueId))
        .where(
          inScope(
            and(
              eq(rightToWorkChecks.current, true),
              gte(rightToWorkChecks.permissionExpiresOn, today),
              lte(rightToWorkChecks.permissionExpiresOn, until),
            ),
          ),
        )
        .orderBy(rightToWorkChecks.permissionExpiresOn)
        .limit(DIGEST_NAMES),
      db
        .select({ ...person, date: rightToWorkChecks.permissionExpiresOn })
        .from(rightToWorkChecks)
        .innerJoin(staff, eq(staff.id, rightToWorkChecks.staffId))
        .leftJoin(venues, eq(venues.id, staff.venueId))
        .where(inScope(and(eq(rightToWorkChecks.current, true), lt(rightToWorkChecks.permissionExpiresOn, today))))
        .orderBy(rightToWorkChecks.permissionExpiresOn)
        .limit(DIGEST_NAMES),
      db
        .select({
          ...person,
          date: sql<string>`to_char(${onboardings.createdAt} at time zone 'Europe/London', 'YYYY-MM-DD')`,
        })
        .from(onboardings)
        .innerJoin(staff, eq(staff.id, onboardings.staffId))
        .leftJoin(venues, eq(venues.id, staff.venueId))
        .where(
          inScope(
            and(
              ne(onboardings.step, 'complete'),
              eq(staff.onboardComplete, false),
              sql`${onboardings.expiresAt} > ${now}`,
              lte(onboardings.createdAt, stalledSince),
            ),
          ),
        )
        .orderBy(onboardings.createdAt)
        .limit(DIGEST_NAMES),
    ]);
    if (expiring.length + expired.length + stalled.length === 0) continue;
    const lines = (title: string, rows: typeof expiring, said: string) =>
      rows.length
        ? [
            title,
            ...rows.map(
              (r) => `- ${r.forename} ${r.surname}${r.venue ? ` (${r.venue})` : ''}: ${said} ${ukDate(r.date!)}`,
            ),
            '',
          ]
        : [];
    out.push({
      rule: 'weekly_digest',
      itemId: reader.id,
      stage: week,
      to: reader,
      subject: `Staffroom this week: right to work and joiners`,
      text: [
        `Hello ${reader.forename},`,
        '',
        ...lines('Right-to-work permission expired:', expired, 'expired'),
        ...lines(`Right-to-work permission expiring within ${EXPIRING_WITHIN_DAYS} days:`, expiring, 'expires'),
        ...lines(`Joiners who have not finished onboarding after ${STALLED_AFTER_DAYS} days:`, stalled, 'invited'),
        `See the right-to-work view and the joiners board in the HR console: ${services.config.publicUrl}/admin/right-to-work`,
        '',
      ].join('\n'),
    });
  }
  return out;
}

const RULES: Record<ReminderKind, (services: Services, now: Date) => Promise<Reminder[]>> = {
  onboarding_stalled: stalledOnboardings,
  unsigned_document: unsignedDocuments,
  vehicle_expiry: vehicleExpiries,
  insurance_expiry: insuranceExpiries,
  weekly_digest: digestReminders,
};

/** What one sweep did: how many reminders it queued per kind. */
export type SweepResult = Record<ReminderKind, number>;

/**
 * One sweep at `now` (default the clock): every kind switched on, each reminder due and not yet sent
 * queued once, its mail tried at once and its text message too unless held for the quiet hours.
 */
export async function runReminderSweep(opts: {
  services: Services;
  now?: Date;
  /** Aborted when the process is stopping: the sweep ends before its next reminder. */
  signal?: AbortSignal;
}): Promise<SweepResult> {
  const { services } = opts;
  const now = opts.now ?? new Date();
  const switches = await readReminderSwitches(services.db);
  const result = Object.fromEntries(REMINDER_KINDS.map((kind) => [kind, 0])) as SweepResult;
  const smsOn = services.config.sms.mode === 'gateway';
  const smsAt = smsNotBefore(now);
  for (const { kind, enabled } of switches) {
    if (!enabled) continue;
    for (const reminder of await RULES[kind](services, now)) {
      if (opts.signal?.aborted) return result;
      const queued = await services.db.transaction(async (tx) => {
        const [claimed] = await tx
          .insert(remindersSent)
          .values({ rule: reminder.rule, itemId: reminder.itemId, stage: reminder.stage, staffId: reminder.to.id })
          .onConflictDoNothing()
          .returning({ rule: remindersSent.rule });
        if (!claimed) return [];
        const purpose = `reminder-${reminder.rule.replace(/_/g, '-')}`;
        const messages: QueuedMessage[] = [
          {
            purpose,
            staffId: reminder.to.id,
            mail: { to: reminder.to.email, subject: reminder.subject, text: reminder.text },
          },
        ];
        if (reminder.sms && smsOn && reminder.to.mobile) {
          messages.push({
            purpose,
            staffId: reminder.to.id,
            sms: { to: reminder.to.mobile, text: reminder.sms },
            notBefore: smsAt > now ? smsAt : undefined,
          });
        }
        const ids: { id: string; held: boolean }[] = [];
        for (const message of messages)
          ids.push({ id: await services.deliveries.enqueue(tx, message), held: Boolean(message.notBefore) });
        return ids;
      });
      if (queued.length) result[kind] += 1;
      for (const { id, held } of queued) if (!held) await services.deliveries.deliver(id);
    }
  }
  return result;
}
