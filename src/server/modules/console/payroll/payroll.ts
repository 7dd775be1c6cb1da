/**
 * The payroll hand-off (docs/product.md#payroll-hand-off): a CSV of the new starters' details for payroll,
 * bank details and National Insurance number included, only for HR after a second factor, audited
 * with how many people it held. Every cell is guarded against formula injection.
 */
import { and, asc, eq, gte, or } from 'drizzle-orm';
import type { Db } from '@server/db/client.js';
import { onboardings, staff, venues } from '@server/db/schema.js';
import { safeCell } from '@server/lib/csv-cell.js';
import { loadCsvStringifySync } from '@server/lib/on-demand.js';
import { audit } from '@server/lib/audit.js';
import { startOfUkDay } from '@server/lib/uk-days.js';
import type { FieldKeyring } from '@server/lib/field-crypto.js';
import type { SealLog } from '@server/lib/unopened-seals.js';
import { openAnswers } from '@server/modules/onboarding/index.js';
import { openNiNumber, readBankDetails } from '@server/modules/staff/index.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

const COLUMNS = [
  'forename',
  'surname',
  'email_address',
  'mobile',
  'date_of_birth',
  'address_line1',
  'address_line2',
  'address_line3',
  'county',
  'postcode',
  'venue',
  'position',
  'start_date',
  'national_insurance_number',
  'bank_account',
  'sort_code',
  'leaving_date',
] as const;

/** The onboarding answer that holds the NI number in the shipped fieldset (templates/fieldsets). */
const NI_ANSWER = 'national_insurance_number';

/**
 * The CSV of the new starters since `since` (YYYY-MM-DD, a UK day: lib/uk-days.ts): everyone who has
 * finished onboarding (`onboard_complete`, which completing the link sets, or the link completed) and
 * either completed it on or after that day, by the clock in London, or starts on or after it; and the
 * leavers whose leaving date is on or after it, with that date in `leaving_date` (docs/product.md#leavers);
 * oldest start first. Sealed values that do not open leave their cells empty and are reported on `log`
 * (lib/unopened-seals.ts).
 * @throws AppError FORBIDDEN unless HR.
 */
export async function exportPayroll(opts: {
  db: Db;
  fieldKeys: FieldKeyring;
  scope: ConsoleScope;
  since: string;
  ip: string;
  log: SealLog;
}): Promise<{ csv: string; rows: number }> {
  requireHr(opts.scope);
  const { db } = opts;
  const rows = await db
    .select({
      person: staff,
      venue: venues.name,
      onboardingId: onboardings.id,
      answers: onboardings.answers,
      answersSealed: onboardings.answersSealed,
    })
    .from(staff)
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .leftJoin(onboardings, eq(onboardings.staffId, staff.id))
    .where(
      or(
        and(
          // The link's own completion counts too, should the flag lag: a joiner completed during a rolling
          // deploy by an instance still on a build that did not set it (decision 41).
          or(eq(staff.onboardComplete, true), eq(onboardings.step, 'complete')),
          // Midnight in London, not UTC: in summer a joiner who finished just after midnight did so before 00:00 UTC.
          or(gte(staff.startDate, opts.since), gte(onboardings.completedAt, startOfUkDay(opts.since))),
        ),
        // Leavers whose last working day is on or after `since` (docs/product.md#leavers), recorded ahead included.
        gte(staff.leavingDate, opts.since),
      ),
    )
    .orderBy(asc(staff.startDate), asc(staff.surname));
  const records: string[][] = [];
  for (const { person, venue, onboardingId, answers, answersSealed } of rows) {
    const bank = await readBankDetails({ db, fieldKeys: opts.fieldKeys, staffId: person.id, log: opts.log });
    const answered =
      onboardingId && answers
        ? openAnswers(opts.fieldKeys, { id: onboardingId, answers, answersSealed }, opts.log)[NI_ANSWER]
        : undefined;
    // A joiner's number is their onboarding answer; someone imported has it on their record instead.
    const ni =
      typeof answered === 'string' && answered
        ? answered
        : openNiNumber({ fieldKeys: opts.fieldKeys, staffId: person.id, sealed: person.niNumberSealed, log: opts.log });
    records.push(
      [
        person.forename,
        person.surname,
        person.emailAddress,
        person.mobile,
        person.dateOfBirth,
        person.addressLine1,
        person.addressLine2,
        person.addressLine3,
        person.addressCounty,
        person.addressPostalCode,
        venue,
        person.position,
        person.startDate,
        ni,
        bank.bank_account,
        bank.sort_code,
        person.leavingDate,
      ].map((cell) => safeCell(cell ?? '')),
    );
  }
  await audit(db, {
    actor: `staff:${opts.scope.actorId}`,
    action: 'payroll.exported',
    ip: opts.ip,
    details: { since: opts.since, rows: records.length },
  });
  const { stringify } = await loadCsvStringifySync();
  return { csv: stringify([[...COLUMNS], ...records]), rows: records.length };
}
