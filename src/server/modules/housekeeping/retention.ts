/**
 * The retention job (docs/product.md#retention): erases each kind of a person's data once its period
 * has ended, and sign-in history past its own period. Periods come from config (`RETENTION_*`) and are
 * counted on the UK's calendar (lib/uk-days.ts); most start when a leaver's access ended
 * (`staff.access_ends_at`, docs/decisions/0046-leavers-access-ends-by-the-clock.md).
 *
 * Work goes in batches of PEOPLE_PER_BATCH people, one transaction each that first takes a PostgreSQL
 * advisory lock: an instance that cannot take it stops its round, so one instance erases at a time and
 * no person is erased twice. Each erasure writes one audit line `retention.erased` naming the kind,
 * the person's id and the rule, and nothing of the data. File bytes go after each batch commits.
 */
import { and, asc, inArray, isNotNull, lte, or, sql, type Column, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { RetentionPeriods } from '@server/config.js';
import {
  auditEvents,
  documents,
  files,
  onboardings,
  rightToWorkChecks,
  staff,
  surveySubmissions,
  vehicles,
} from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { addToUkDate, endOfUkDay, shiftInUk, taxYearEndOf, todayInUk } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';
import { erasePersonalData, ERASURE_KINDS, type ErasureKind, type Tx } from './erasure.js';

/** The advisory lock's key: another constant the rest of the app does not use ("staffroom retention"). */
const RETENTION_LOCK = 7_431_002;
/** People erased per transaction, so one batch never holds the lock for long. */
const PEOPLE_PER_BATCH = 50;
/** Sign-in lines deleted per transaction. */
const SIGN_IN_LINES_PER_BATCH = 1000;
/** Batches per kind in one round; a backlog (a first run over years of leavers) goes over several rounds. */
const BATCHES_PER_ROUND = 20;

/** The rule a kind is erased under, as the audit line names it: its setting and value, and the clock. */
export function retentionRule(kind: ErasureKind | 'sign-in-history', periods: RetentionPeriods): string {
  switch (kind) {
    case 'selfie':
      return `RETENTION_SELFIE_DAYS=${periods.selfieDays} after access ended`;
    case 'survey-answers':
      return `RETENTION_SURVEY_DAYS=${periods.surveyDays} after access ended`;
    case 'bank-details':
      return `RETENTION_BANK_DETAILS_DAYS=${periods.bankDetailsDays} after the final payroll export`;
    case 'right-to-work':
      return `RETENTION_RIGHT_TO_WORK_YEARS=${periods.rightToWorkYears} after access ended`;
    case 'payroll-records':
      return `RETENTION_PAYROLL_YEARS=${periods.payrollYears} after the end of the tax year of leaving`;
    case 'vehicles':
      return `RETENTION_VEHICLES_YEARS=${periods.vehiclesYears} after access ended`;
    case 'documents':
      return `RETENTION_DOCUMENTS_YEARS=${periods.documentsYears} after access ended`;
    case 'staff-record':
      return `${staffRecordYears(periods)} years after access ended: the longest of RETENTION_DOCUMENTS_YEARS, RETENTION_VEHICLES_YEARS and RETENTION_RIGHT_TO_WORK_YEARS`;
    case 'sign-in-history':
      return `RETENTION_SIGN_IN_DAYS=${periods.signInDays}`;
  }
}

/** The staff record is kept as long as the longest of the periods that count from leaving. */
const staffRecordYears = (p: RetentionPeriods) => Math.max(p.documentsYears, p.vehiclesYears, p.rightToWorkYears);

/**
 * When the payroll records of a person whose last working day was `leavingDate` (YYYY-MM-DD) are due:
 * the end of the UK day `payrollYears` years after the end of that tax year (HMRC).
 */
export const payrollRecordsDueAt = (leavingDate: string, periods: RetentionPeriods): Date =>
  endOfUkDay(addToUkDate(taxYearEndOf(leavingDate), periods.payrollYears, 'year'));

/**
 * When each kind of a leaver's data whose access ended at `accessEndsAt` is due, as far as the clock
 * alone decides (bank details wait for the final payroll export as well: not here). For the
 * console's "kept until" and for an erasure on request.
 */
export function retentionDueDates(
  person: { accessEndsAt: Date; leavingDate: string | null },
  periods: RetentionPeriods,
): Record<Exclude<ErasureKind, 'bank-details'>, Date> {
  const after = (amount: number, unit: 'day' | 'year') => shiftInUk(person.accessEndsAt, amount, unit);
  return {
    selfie: after(periods.selfieDays, 'day'),
    'survey-answers': after(periods.surveyDays, 'day'),
    'right-to-work': after(periods.rightToWorkYears, 'year'),
    'payroll-records': payrollRecordsDueAt(person.leavingDate ?? todayInUk(person.accessEndsAt), periods),
    vehicles: after(periods.vehiclesYears, 'year'),
    documents: after(periods.documentsYears, 'year'),
    'staff-record': after(staffRecordYears(periods), 'year'),
  };
}

/** Leavers whose access ended `amount` days or years before `now`, or earlier. */
const leftBefore = (now: Date, amount: number, unit: 'day' | 'year'): SQL =>
  and(isNotNull(staff.accessEndsAt), lte(staff.accessEndsAt, shiftInUk(now, -amount, unit)))!;

const hasAny = (table: PgTable, where: SQL): SQL => sql`exists (select 1 from ${table} where ${where})`;
/** Rows of `table` whose `column` names the staff row. */
const own = (table: PgTable, column: Column): SQL => hasAny(table, sql`${column} = ${staff.id}`);

/**
 * The people due for `kind` at `now` who still hold some of it, oldest leavers first, at most `limit`.
 * Each condition is what makes its erasure change something, so a person is found once per kind.
 */
async function duePeople(tx: Tx, kind: ErasureKind, now: Date, p: RetentionPeriods, limit: number): Promise<string[]> {
  let where: SQL;
  switch (kind) {
    case 'selfie':
      where = and(leftBefore(now, p.selfieDays, 'day'), isNotNull(staff.selfieFileId))!;
      break;
    case 'survey-answers':
      where = and(leftBefore(now, p.surveyDays, 'day'), own(surveySubmissions, surveySubmissions.staffId))!;
      break;
    case 'bank-details':
      // The first payroll export made after access ended whose file held them (leavers whose last
      // working day is on or after its date are in it), RETENTION_BANK_DETAILS_DAYS ago or more.
      where = and(
        leftBefore(now, 0, 'day'),
        or(
          isNotNull(staff.bankAccountSealed),
          isNotNull(staff.sortCodeSealed),
          isNotNull(staff.bankAccountLast4),
          isNotNull(staff.sortCodeLast2),
        ),
        hasAny(
          auditEvents,
          sql`${auditEvents.action} = 'payroll.exported' and ${auditEvents.at} >= ${staff.accessEndsAt}
            and ${auditEvents.at} <= ${shiftInUk(now, -p.bankDetailsDays, 'day')}
            and (${auditEvents.details} ->> 'since') <= ${staff.leavingDate}::text`,
        ),
      )!;
      break;
    case 'right-to-work':
      where = and(
        leftBefore(now, p.rightToWorkYears, 'year'),
        or(
          own(rightToWorkChecks, rightToWorkChecks.staffId),
          hasAny(
            files,
            sql`${files.ownerStaffId} = ${staff.id} and ${files.bucket} in ('right-to-work', 'onboarding')`,
          ),
        ),
      )!;
      break;
    case 'payroll-records': {
      // A leaving date whose tax year ended `payrollYears` years before today has a 5 April before today
      // less those years: a condition the index can use. The exact due date is checked below.
      const before = addToUkDate(todayInUk(now), -p.payrollYears, 'year');
      where = and(
        leftBefore(now, 0, 'day'),
        isNotNull(staff.leavingDate),
        lte(staff.leavingDate, before),
        or(
          isNotNull(staff.niNumberSealed),
          isNotNull(staff.dateOfBirth),
          hasAny(
            onboardings,
            sql`${onboardings.staffId} = ${staff.id} and (${onboardings.answersSealed} is not null or ${onboardings.answers} <> '{}'::jsonb)`,
          ),
        ),
      )!;
      const rows = await tx
        .select({ id: staff.id, leavingDate: staff.leavingDate })
        .from(staff)
        .where(where)
        .orderBy(asc(staff.leavingDate), asc(staff.id))
        .limit(limit);
      // Due dates rise with the leaving date, so the due ones come first in this order.
      return rows.filter((r) => payrollRecordsDueAt(r.leavingDate!, p) <= now).map((r) => r.id);
    }
    case 'vehicles':
      where = and(leftBefore(now, p.vehiclesYears, 'year'), own(vehicles, vehicles.staffId))!;
      break;
    case 'documents':
      where = and(
        leftBefore(now, p.documentsYears, 'year'),
        or(own(documents, documents.staffId), own(onboardings, onboardings.staffId)),
      )!;
      break;
    case 'staff-record':
      where = leftBefore(now, staffRecordYears(p), 'year');
      break;
  }
  const rows = await tx
    .select({ id: staff.id })
    .from(staff)
    .where(where)
    .orderBy(asc(staff.accessEndsAt), asc(staff.id))
    .limit(limit);
  return rows.map((r) => r.id);
}

/**
 * What a round did: people erased per kind, sign-in lines deleted, and the files whose rows went but
 * whose bytes the storage refused to delete (left behind, for the operator: the round goes on).
 */
export type RetentionResult =
  { ran: false } | { ran: true; erased: Record<ErasureKind, number>; signInLines: number; filesLeft: number };

/**
 * Runs one round of the retention job "as at" `now` (tests pass their own clock). `signal` stops it
 * between batches. @returns `{ ran: false }` when another instance holds the lock.
 */
export async function runRetention(opts: {
  services: Pick<Services, 'db' | 'storage' | 'config'>;
  now?: Date;
  signal?: AbortSignal;
}): Promise<RetentionResult> {
  const { db, storage, config } = opts.services;
  const now = opts.now ?? new Date();
  const periods = config.retention;
  const erased = Object.fromEntries(ERASURE_KINDS.map((k) => [k, 0])) as Record<ErasureKind, number>;
  let filesLeft = 0;

  /** One batch in one locked transaction; undefined when another instance holds the lock. */
  const batch = async <T>(work: (tx: Tx) => Promise<{ count: number; storageKeys: string[]; value: T }>) => {
    const outcome = await db.transaction(async (tx) => {
      const lock = await tx.execute(sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK}) as locked`);
      if (!(lock as unknown as { rows: { locked?: boolean }[] }).rows[0]?.locked) return undefined;
      return work(tx);
    });
    if (outcome) {
      // One file the storage will not delete must not stop the erasure of everyone after it.
      const deleted = await Promise.allSettled(outcome.storageKeys.map(async (key) => storage.delete(key)));
      filesLeft += deleted.filter((d) => d.status === 'rejected').length;
    }
    return outcome;
  };

  for (const kind of ERASURE_KINDS) {
    for (let i = 0; i < BATCHES_PER_ROUND && !opts.signal?.aborted; i++) {
      const outcome = await batch(async (tx) => {
        const ids = await duePeople(tx, kind, now, periods, PEOPLE_PER_BATCH);
        const storageKeys: string[] = [];
        for (const staffId of ids) {
          storageKeys.push(...(await erasePersonalData({ tx, staffId, kind })).storageKeys);
          await audit(tx, {
            staffId,
            actor: 'system',
            action: 'retention.erased',
            details: { kind, staff_id: staffId, rule: retentionRule(kind, periods) },
          });
        }
        return { count: ids.length, storageKeys, value: ids.length === PEOPLE_PER_BATCH };
      });
      if (!outcome) return { ran: false };
      erased[kind] += outcome.count;
      if (!outcome.value) break;
    }
  }

  let signInLines = 0;
  for (let i = 0; i < BATCHES_PER_ROUND && !opts.signal?.aborted; i++) {
    const outcome = await batch(async (tx) => {
      const before = shiftInUk(now, -periods.signInDays, 'day');
      const gone = await tx
        .delete(auditEvents)
        .where(
          inArray(
            auditEvents.id,
            tx
              .select({ id: auditEvents.id })
              .from(auditEvents)
              .where(and(sql`${auditEvents.action} like 'sign-in.%'`, lte(auditEvents.at, before)))
              .limit(SIGN_IN_LINES_PER_BATCH),
          ),
        )
        .returning({ staffId: auditEvents.staffId });
      // One line per person whose history went, and one for the lines that named nobody.
      const perPerson = new Map<string | null, number>();
      for (const line of gone) perPerson.set(line.staffId, (perPerson.get(line.staffId) ?? 0) + 1);
      for (const [staffId, lines] of perPerson) {
        await audit(tx, {
          staffId,
          actor: 'system',
          action: 'retention.erased',
          details: {
            kind: 'sign-in-history',
            staff_id: staffId,
            lines,
            rule: retentionRule('sign-in-history', periods),
          },
        });
      }
      return { count: gone.length, storageKeys: [], value: gone.length === SIGN_IN_LINES_PER_BATCH };
    });
    if (!outcome) return { ran: false };
    signInLines += outcome.count;
    if (!outcome.value) break;
  }
  return { ran: true, erased, signInLines, filesLeft };
}

/** True when a retention round erased anything (worth a log line). */
export const retentionDidWork = (r: RetentionResult): boolean =>
  r.ran && (r.signInLines > 0 || r.filesLeft > 0 || Object.values(r.erased).some(Boolean));
