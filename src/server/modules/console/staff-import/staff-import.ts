/**
 * The staff import (docs/product.md#staff-import, decision 0047): the people already at work, from a
 * CSV file, checked row by row in a dry run, then applied whole in one transaction or not at all.
 * A person is matched on their payroll id, else their email address; a blank cell changes nothing;
 * a leaver comes back only with a start date after their leaving date. The people it creates get a
 * sign-in invitation through the delivery queue, paced at INVITES_PER_MINUTE, with their set-your-password
 * link when members sign in with a Staffroom password.
 */
import { randomUUID } from 'node:crypto';
import dayjs from 'dayjs';
import { and, count as sqlCount, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { StaffImportReport, StaffImportRow } from '@shared/api/console/staff-import.js';
import { bankAccountDigits, sortCodeDigits, BANK_ACCOUNT_ERROR, SORT_CODE_ERROR } from '@shared/bank-details.js';
import type { Db } from '@server/db/client.js';
import { auditEvents, deliveries, sessions, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { openField, type FieldKeyring } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { toE164 } from '@server/lib/phone-numbers.js';
import { ukDateOf } from '@server/lib/uk-days.js';
import { openNiNumber, sealBankDetails, sealNiNumber } from '@server/modules/staff/index.js';
import { newPasswordLink, savePasswordLinks, usesPasswords } from '@server/modules/password-link/index.js';
import type { Services } from '@server/services.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';
import { importDateOf, niNumberOf } from './cell-rules.js';
import { importInvitation } from './invitation.js';
import { readImportCsv, type ImportLine } from './read-csv.js';
import { hasLeft, rehirePatch } from './rehire.js';

type StaffRow = typeof staff.$inferSelect;
type StaffInsert = typeof staff.$inferInsert;

/** What one row will do, with what the apply writes. */
type Planned = StaffImportRow &
  (
    | { action: 'create'; values: StaffInsert & { id: string }; brand: string | null }
    | { action: 'update'; id: string; patch: Partial<StaffInsert>; rehired: boolean }
    | { action: 'unchanged' | 'refused' }
  );

const emailSchema = z.email();
const MAX_TEXT = 100;
const shown = (date: string) => dayjs(date).format('DD/MM/YYYY');

/**
 * Checks `bytes`, a staff import file, and with `apply` writes it: every row created, updated or
 * unchanged in one transaction, or nothing at all while any row is refused. `scope` is the console
 * caller's (HR only); the admin CLI passes none. `steppedUp` says a second factor was passed in the
 * last STEP_UP_MINUTES, which a file holding bank details needs (docs/product.md#banking).
 * @returns the report: per row its action and reasons, the counts, the invitations.
 * @throws AppError FORBIDDEN for a manager; BAD_REQUEST for a file that cannot be read (readImportCsv);
 *   STEP_UP_REQUIRED for bank details without a recent second factor; IMPORT_ROWS_REFUSED when applying
 *   a file with refused rows (`detail.report` holds the report); CONFLICT when someone else changed
 *   the same people while it was applied.
 */
export async function importStaff(opts: {
  services: Services;
  scope: ConsoleScope | null;
  actor: string;
  bytes: Buffer;
  filename: string;
  apply: boolean;
  sendInvitations: boolean;
  steppedUp: boolean;
  ip?: string;
  now?: Date;
}): Promise<StaffImportReport> {
  if (opts.scope) requireHr(opts.scope);
  const now = opts.now ?? new Date();
  const { services } = opts;
  const { lines, columns } = await readImportCsv(opts.bytes);
  const holdsBank =
    (columns.includes('bank_account') || columns.includes('sort_code')) &&
    lines.some((l) => l.cells.bank_account || l.cells.sort_code);
  if (holdsBank && !opts.steppedUp) {
    throw new AppError(
      'STEP_UP_REQUIRED',
      'This file holds bank details: confirm it is you with a second factor, then import it again.',
    );
  }

  if (!opts.apply) {
    const plan = await planImport({ db: services.db, fieldKeys: services.fieldKeys, lines, now });
    return reportOf(plan, false, await invitationsOf(services.db, plan, opts, now));
  }
  try {
    return await services.db.transaction(async (tx) => {
      const plan = await planImport({ db: tx, fieldKeys: services.fieldKeys, lines, now });
      const refused = plan.filter((row) => row.action === 'refused');
      if (refused.length) {
        const report = reportOf(plan, false, { count: 0, doneBy: null });
        throw new AppError(
          'IMPORT_ROWS_REFUSED',
          `${refused.length === 1 ? 'One row is' : `${refused.length} rows are`} refused, so nothing was imported: correct ${refused.length === 1 ? 'it' : 'them'} and import the file again.`,
          refused.slice(0, 100).map((row) => ({ field: `line ${row.line}`, error: row.reasons.join(' ') })),
          { report },
        );
      }
      await writePlan({ tx, plan, actor: opts.actor, ip: opts.ip ?? null, now });
      const invitations = await queueInvitations({ services, tx, plan, opts, now });
      await tx.insert(auditEvents).values({
        actor: opts.actor,
        action: 'staff.import_applied',
        ip: opts.ip ?? null,
        details: { filename: opts.filename, ...countsOf(plan), invitations: invitations.count },
      });
      return reportOf(plan, true, invitations);
    });
  } catch (err) {
    if (isUniqueViolation(err)) {
      throw new AppError(
        'CONFLICT',
        'Some of these people were changed by someone else while the import ran: run the check again.',
      );
    }
    throw err;
  }
}

/** PostgreSQL's unique_violation (23505), as the driver or drizzle's wrapper carries it. */
const isUniqueViolation = (err: unknown): boolean => {
  const e = err as { code?: unknown; cause?: { code?: unknown } } | undefined;
  return e?.code === '23505' || e?.cause?.code === '23505';
};

const countsOf = (plan: Planned[]) => {
  const counts = { create: 0, update: 0, unchanged: 0, refused: 0 };
  for (const row of plan) counts[row.action] += 1;
  return counts;
};

function reportOf(
  plan: Planned[],
  applied: boolean,
  invitations: { count: number; doneBy: Date | null },
): StaffImportReport {
  return {
    applied,
    counts: countsOf(plan),
    invitations: invitations.count,
    invitations_done_by: invitations.doneBy?.toISOString() ?? null,
    rows: plan.map(({ line, name, email, payroll_id, action, reasons, changes }) => ({
      line,
      name,
      email,
      payroll_id,
      action,
      reasons,
      changes,
    })),
  };
}

/** How many invitations the plan sends and when the last falls due, after those already waiting. */
async function invitationsOf(
  db: Pick<Db, 'select'>,
  plan: Planned[],
  opts: { sendInvitations: boolean; services: Services },
  now: Date,
): Promise<{ count: number; doneBy: Date | null }> {
  const count = opts.sendInvitations ? plan.filter((row) => row.action === 'create').length : 0;
  if (!count) return { count: 0, doneBy: null };
  const [waiting] = await db
    .select({ n: sqlCount() })
    .from(deliveries)
    .where(and(eq(deliveries.purpose, INVITATION_PURPOSE), isNull(deliveries.sentAt), isNull(deliveries.gaveUpAt)));
  const perMinute = opts.services.config.invitesPerMinute;
  return { count, doneBy: new Date(now.getTime() + Math.floor(((waiting?.n ?? 0) + count - 1) / perMinute) * 60_000) };
}

export const INVITATION_PURPOSE = 'staff-import-invitation';

async function queueInvitations(args: {
  services: Services;
  tx: Pick<Db, 'insert' | 'select'>;
  plan: Planned[];
  opts: { sendInvitations: boolean };
  now: Date;
}): Promise<{ count: number; doneBy: Date | null }> {
  const { services } = args;
  if (!args.opts.sendInvitations) return { count: 0, doneBy: null };
  const created = args.plan.filter((row): row is Extract<Planned, { action: 'create' }> => row.action === 'create');
  if (!created.length) return { count: 0, doneBy: null };
  const withLinks = usesPasswords(services.config);
  const links: Parameters<typeof savePasswordLinks>[1] = [];
  const ids = await services.deliveries.enqueuePaced(
    args.tx,
    created.map((row) => ({
      purpose: INVITATION_PURPOSE,
      staffId: row.values.id,
      // The link counts its days from when the paced invitation goes out, not from the import.
      compose: (dueAt: Date) => {
        const made = withLinks ? newPasswordLink(services.config, row.values.id, dueAt) : undefined;
        if (made) links.push(made.row);
        const person = {
          email: row.values.emailAddress,
          forename: row.values.knownAs ?? row.values.forename,
          brand: row.brand,
          language: row.values.language ?? null,
        };
        return { mail: importInvitation(services.config, person, made) };
      },
    })),
    { perMinute: services.config.invitesPerMinute, now: args.now },
  );
  await savePasswordLinks(args.tx, links);
  const [last] = await args.tx
    .select({ at: deliveries.nextAttemptAt })
    .from(deliveries)
    .where(inArray(deliveries.id, ids.slice(-1)));
  return { count: ids.length, doneBy: last?.at ?? null };
}

/** Reads what the rows name (venues, the people they match) and decides each row. */
async function planImport(args: {
  db: Pick<Db, 'select'>;
  fieldKeys: FieldKeyring;
  lines: ImportLine[];
  now: Date;
}): Promise<Planned[]> {
  const { db, fieldKeys, lines, now } = args;
  const venueRows = await db
    .select({ id: venues.id, name: venues.name, brand: venues.brand, archivedAt: venues.archivedAt })
    .from(venues);
  const venueByName = new Map(venueRows.map((v) => [v.name.trim().toLowerCase(), v]));

  const emails = [...new Set(lines.map((l) => l.cells.email?.toLowerCase()).filter((e): e is string => !!e))];
  const payrollIds = [...new Set(lines.map((l) => l.cells.payroll_id).filter((p): p is string => !!p))];
  const byEmail = new Map<string, StaffRow>();
  const byPayroll = new Map<string, StaffRow>();
  // Batches keep each statement's parameters well under PostgreSQL's 65,535.
  for (let i = 0; i < Math.max(emails.length, payrollIds.length); i += 1000) {
    const e = emails.slice(i, i + 1000);
    const p = payrollIds.slice(i, i + 1000);
    const rows = await db
      .select()
      .from(staff)
      .where(
        or(e.length ? inArray(staff.emailAddress, e) : undefined, p.length ? inArray(staff.payrollId, p) : undefined),
      );
    for (const row of rows) {
      byEmail.set(row.emailAddress, row);
      if (row.payrollId) byPayroll.set(row.payrollId, row);
    }
  }

  const today = ukDateOf(now);
  const firstLineOfEmail = new Map<string, number>();
  const firstLineOfPayroll = new Map<string, number>();
  const plan: Planned[] = [];
  for (const { line, cells, shapeProblem } of lines) {
    const reasons: string[] = [];
    const email = cells.email?.toLowerCase() ?? '';
    const payrollId = cells.payroll_id ?? null;
    const base = {
      line,
      name: [cells.forename, cells.surname].filter(Boolean).join(' '),
      email,
      payroll_id: payrollId,
      reasons,
      changes: [] as string[],
    };
    if (shapeProblem) reasons.push(`The row ${shapeProblem}.`);
    if (!cells.forename) reasons.push('Forename is missing.');
    if (!cells.surname) reasons.push('Surname is missing.');
    for (const column of ['forename', 'surname', 'known_as', 'position'] as const) {
      if ((cells[column]?.length ?? 0) > MAX_TEXT)
        reasons.push(`${label(column)} is longer than ${MAX_TEXT} characters.`);
    }
    if (payrollId && payrollId.length > 50) reasons.push('Payroll id is longer than 50 characters.');
    if (!email) reasons.push('Email is missing.');
    else if (!emailSchema.safeParse(email).success)
      reasons.push(`Email “${cells.email}” is not a valid email address.`);
    else if (firstLineOfEmail.has(email)) reasons.push(`The same email is on line ${firstLineOfEmail.get(email)}.`);
    else firstLineOfEmail.set(email, line);
    if (payrollId) {
      if (firstLineOfPayroll.has(payrollId))
        reasons.push(`The same payroll id is on line ${firstLineOfPayroll.get(payrollId)}.`);
      else firstLineOfPayroll.set(payrollId, line);
    }
    let mobile: string | undefined;
    if (cells.mobile) {
      mobile = await toE164(cells.mobile);
      if (!mobile)
        reasons.push(`Mobile “${cells.mobile}” is not a phone number, such as 07911 123456 or +44 7911 123456.`);
    }
    const venue = cells.venue ? venueByName.get(cells.venue.trim().toLowerCase()) : undefined;
    if (!cells.venue) reasons.push('Venue is missing.');
    else if (!venue) reasons.push(`Venue “${cells.venue}” is not one of the group’s venues.`);
    const dates: { start_date?: string; date_of_birth?: string } = {};
    for (const column of ['start_date', 'date_of_birth'] as const) {
      const typed = cells[column];
      if (!typed) continue;
      const read = importDateOf(typed);
      if ('error' in read) reasons.push(`${label(column)}: ${read.error}.`);
      else dates[column] = read.date;
    }
    if (dates.date_of_birth && dates.date_of_birth >= today) reasons.push('Date of birth is not in the past.');
    let ni: string | undefined;
    if (cells.ni_number) {
      ni = niNumberOf(cells.ni_number) ?? undefined;
      // The number is not repeated: a report may be passed around.
      if (!ni)
        reasons.push(
          'NI number is not a National Insurance number: two letters, six digits and A, B, C or D, like AB 12 34 56 C.',
        );
    }
    let bank: { account: string; sortCode: string } | undefined;
    if (cells.bank_account || cells.sort_code) {
      const account = cells.bank_account ? bankAccountDigits(cells.bank_account) : null;
      const sortCode = cells.sort_code ? sortCodeDigits(cells.sort_code) : null;
      if (!account) reasons.push(`Account number: ${BANK_ACCOUNT_ERROR}.`);
      if (!sortCode) reasons.push(`Sort code: ${SORT_CODE_ERROR}.`);
      if (account && sortCode) bank = { account, sortCode };
    }

    // Whom the row is: by payroll id, else by email; the two must not point at different people.
    const matchedByPayroll = payrollId ? byPayroll.get(payrollId) : undefined;
    const matchedByEmail = email ? byEmail.get(email) : undefined;
    const person = matchedByPayroll ?? matchedByEmail;
    if (matchedByPayroll && matchedByEmail && matchedByPayroll.id !== matchedByEmail.id) {
      reasons.push(`The email ${email} belongs to someone else than payroll id ${payrollId}.`);
    } else if (!matchedByPayroll && matchedByEmail?.payrollId && payrollId) {
      reasons.push(`The email ${email} belongs to the person with payroll id ${matchedByEmail.payrollId}.`);
    }
    let rehire: ReturnType<typeof rehirePatch> = null;
    if (person && hasLeft(person, now)) {
      rehire = rehirePatch(person, dates.start_date);
      if (!rehire) {
        reasons.push(
          `${person.forename} ${person.surname} left on ${shown(person.leavingDate!)}: to re-hire them, give a start date after that.`,
        );
      }
    }
    if (venue?.archivedAt && (!person || person.venueId !== venue.id)) {
      reasons.push(`Venue “${venue.name}” is archived: no one new joins it.`);
    }
    if (reasons.length) {
      plan.push({ ...base, action: 'refused' });
      continue;
    }

    const wanted: Partial<StaffInsert> = {
      forename: cells.forename,
      surname: cells.surname,
      knownAs: cells.known_as,
      emailAddress: email,
      mobile,
      venueId: venue!.id,
      position: cells.position,
      startDate: dates.start_date,
      dateOfBirth: dates.date_of_birth,
      payrollId: payrollId ?? undefined,
    };
    if (!person) {
      const id = randomUUID();
      plan.push({
        ...base,
        action: 'create',
        brand: venue!.brand,
        values: {
          ...(Object.fromEntries(Object.entries(wanted).filter(([, v]) => v !== undefined)) as StaffInsert),
          id,
          // Already at work: nothing to onboard, and no onboarding link.
          onboardComplete: true,
          niNumberSealed: ni ? sealNiNumber(fieldKeys, id, ni) : null,
          ...(bank ? sealBankDetails(fieldKeys, id, bank) : {}),
        },
      });
      continue;
    }

    const patch: Partial<StaffInsert> = {};
    const changes: string[] = [];
    for (const [key, value] of Object.entries(wanted) as [keyof StaffRow & keyof StaffInsert, unknown][]) {
      if (value !== undefined && value !== person[key]) {
        (patch as Record<string, unknown>)[key] = value;
        changes.push(CHANGE_LABEL[key] ?? key);
      }
    }
    if (ni && openNiNumber({ fieldKeys, staffId: person.id, sealed: person.niNumberSealed }) !== ni) {
      patch.niNumberSealed = sealNiNumber(fieldKeys, person.id, ni);
      changes.push('NI number');
    }
    if (bank) {
      const heldAccount = openOr(fieldKeys, person.bankAccountSealed, sealContext.bankAccount(person.id));
      const heldSort = openOr(fieldKeys, person.sortCodeSealed, sealContext.sortCode(person.id));
      if (heldAccount !== bank.account || heldSort !== bank.sortCode) {
        Object.assign(patch, sealBankDetails(fieldKeys, person.id, bank));
        changes.push('bank details');
      }
    }
    if (rehire) {
      Object.assign(patch, rehire);
      if (!changes.includes('start date')) changes.push('start date');
      changes.push('re-hired');
    }
    plan.push(
      changes.length
        ? { ...base, action: 'update', id: person.id, patch, rehired: Boolean(rehire), changes }
        : { ...base, action: 'unchanged' },
    );
  }
  return plan;
}

const label = (column: string) => {
  const text = column.replace(/_/g, ' ');
  return text.charAt(0).toUpperCase() + text.slice(1);
};

const CHANGE_LABEL: Partial<Record<keyof StaffRow, string>> = {
  forename: 'forename',
  surname: 'surname',
  knownAs: 'known as',
  emailAddress: 'email',
  mobile: 'mobile',
  venueId: 'venue',
  position: 'position',
  startDate: 'start date',
  dateOfBirth: 'date of birth',
  payrollId: 'payroll id',
};

/** A sealed value opened, or null when there is none or it does not open (then it counts as changed). */
function openOr(fieldKeys: FieldKeyring, sealed: string | null, context: string): string | null {
  if (!sealed) return null;
  try {
    return openField(fieldKeys, sealed, context);
  } catch {
    return null;
  }
}

/** Writes the plan in `tx`: the new people in batches, each update, and an audit entry per person. */
async function writePlan(args: {
  tx: Pick<Db, 'insert' | 'update'>;
  plan: Planned[];
  actor: string;
  ip: string | null;
  now: Date;
}) {
  const { tx, plan, actor, ip, now } = args;
  const created = plan.flatMap((row) => (row.action === 'create' ? [row.values] : []));
  for (let i = 0; i < created.length; i += 250) await tx.insert(staff).values(created.slice(i, i + 250));
  const audits: (typeof auditEvents.$inferInsert)[] = [];
  for (const row of plan) {
    if (row.action === 'create') {
      audits.push({
        staffId: row.values.id,
        actor,
        ip,
        action: 'staff.imported',
        details: { email: row.email, payroll_id: row.payroll_id },
      });
    } else if (row.action === 'update') {
      await tx
        .update(staff)
        .set({ ...row.patch, updatedAt: now })
        .where(inArray(staff.id, [row.id]));
      // As a re-hire from the console (people/leaving.ts): a session from before they left must not
      // come back to life once their access end is cleared.
      if (row.rehired) {
        await tx
          .update(sessions)
          .set({ revokedAt: sql`coalesce(${sessions.revokedAt}, now())` })
          .where(eq(sessions.staffId, row.id));
      }
      audits.push({
        staffId: row.id,
        actor,
        ip,
        action: row.rehired ? 'staff.rehired' : 'staff.import_updated',
        // Names of what changed, never the NI number or bank details themselves.
        details: { changes: row.changes, ...(row.rehired ? { start_date: row.patch.startDate } : {}) },
      });
    }
  }
  for (let i = 0; i < audits.length; i += 500) await tx.insert(auditEvents).values(audits.slice(i, i + 500));
}
