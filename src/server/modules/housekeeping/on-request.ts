/**
 * Erasure on request (docs/product.md#erasure-on-request, UK GDPR Article 17): HR erases a leaver's
 * personal data at once, all but what the law (or their final pay) still needs, which the retention job
 * erases later on its due date. The same erasure functions as the job (erasure.ts), one transaction for
 * the rows, the files' bytes after the commit. Each kind erased writes one `retention.erased` line
 * `{ kind, staff_id, rule: 'on request' }`, which is also what `erasures list` reads to apply them again
 * after a restore from a backup (docs/operations.md#erasures-after-a-restore).
 */
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { ErasurePlan, PersonalDataKind } from '@shared/api/console/people.js';
import type { RetentionPeriods } from '@server/config.js';
import type { Db } from '@server/db/client.js';
import {
  auditEvents,
  deliveries,
  documents,
  files,
  onboardingDrafts,
  onboardings,
  rightToWorkChecks,
  sessions,
  staff,
  surveySubmissions,
  vehicles,
} from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { isLeaver } from '@server/lib/leavers.js';
import { ukDateOf } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';
import { erasePersonalData, eraseTraces, ERASURE_KINDS, type ErasureKind, type Tx } from './erasure.js';
import { retentionDueDates } from './retention.js';

/** The `rule` of the audit line of an erasure on request. */
export const ON_REQUEST_RULE = 'on request';
/** The `rule` of an erasure on request applied again after a restore. */
export const REAPPLIED_RULE = 'on request, applied again after a restore';

/** The order kinds are erased in: the record last, since it goes only once nothing else of the person is kept. */
const ORDER: readonly PersonalDataKind[] = [
  ...ERASURE_KINDS.filter((k) => k !== 'staff-record'),
  'history',
  'staff-record',
];

const LABELS: Record<PersonalDataKind, string> = {
  selfie: 'Profile picture',
  'survey-answers': 'Survey answers (the answers stay in the results, no longer naming them)',
  'bank-details': 'Bank details',
  'right-to-work': 'Right-to-work checks, share codes and copies',
  'payroll-records': 'Payroll records: NI number, date of birth, onboarding answers',
  vehicles: 'Vehicles and insurance documents',
  documents: 'Contracts and agreements, with their signing evidence and signed PDFs',
  history: 'Sessions, messages, and their details and addresses in the audit log',
  'staff-record': 'Staff record: name, email, mobile, address, next of kin',
};

/** Kinds the law has a period for: kept on request until it ends (docs/product.md#retention). */
const LAW_KINDS = ['right-to-work', 'payroll-records', 'documents'] as const;

function why(kind: (typeof LAW_KINDS)[number] | 'staff-record', p: RetentionPeriods): string {
  switch (kind) {
    case 'right-to-work':
      return `Home Office: copies kept for ${p.rightToWorkYears} years after the employment`;
    case 'payroll-records':
      return `HMRC: payroll records kept for ${p.payrollYears} years after the tax year they relate to`;
    case 'documents':
      return `Limitation Act 1980: a claim in contract can be brought for ${p.documentsYears} years`;
    case 'staff-record':
      return 'Needed to say whose the kept documents and checks are';
  }
}

/** Why bank details (and the record with them) are kept while the final pay has not gone. */
const FINAL_PAY = 'Their final pay has not gone to payroll yet: kept until a payroll export has held it';

/** The last UK day something due at `due` is kept (it goes in the first round after). */
const lastDayBefore = (due: Date): string => ukDateOf(new Date(due.getTime() - 1));

type Person = Pick<typeof staff.$inferSelect, 'id' | 'accessEndsAt' | 'leavingDate'>;

/** Which kinds of the person's data are still held, and whether their final pay has gone to payroll. */
async function heldOf(tx: Tx | Db, person: Person) {
  const id = person.id;
  const own = (buckets: string) =>
    sql`exists (select 1 from ${files} where ${files.ownerStaffId} = ${id} and ${files.bucket} in (${sql.raw(buckets)}))`;
  const [row] = await tx
    .select({
      selfie: sql<boolean>`(${staff.selfieFileId} is not null or ${own(`'selfies'`)})`,
      survey: sql<boolean>`(exists (select 1 from ${surveySubmissions} where ${surveySubmissions.staffId} = ${id}) or ${own(`'survey'`)})`,
      bank: sql<boolean>`(${staff.bankAccountSealed} is not null or ${staff.sortCodeSealed} is not null or ${staff.bankAccountLast4} is not null or ${staff.sortCodeLast2} is not null)`,
      rightToWork: sql<boolean>`(exists (select 1 from ${rightToWorkChecks} where ${rightToWorkChecks.staffId} = ${id}) or ${own(`'right-to-work', 'onboarding'`)})`,
      payroll: sql<boolean>`(${staff.niNumberSealed} is not null or ${staff.dateOfBirth} is not null
        or exists (select 1 from ${onboardings} where ${onboardings.staffId} = ${id} and (${onboardings.answersSealed} is not null or ${onboardings.answers} <> '{}'::jsonb))
        or exists (select 1 from ${onboardingDrafts} join ${onboardings} on ${onboardings.id} = ${onboardingDrafts.onboardingId} where ${onboardings.staffId} = ${id}))`,
      vehicles: sql<boolean>`exists (select 1 from ${vehicles} where ${vehicles.staffId} = ${id})`,
      documents: sql<boolean>`(exists (select 1 from ${documents} where ${documents.staffId} = ${id}) or exists (select 1 from ${onboardings} where ${onboardings.staffId} = ${id}))`,
      // An erasure's own lines carry HR's address, not theirs.
      history: sql<boolean>`(exists (select 1 from ${sessions} where ${sessions.staffId} = ${id})
        or exists (select 1 from ${deliveries} where ${deliveries.staffId} = ${id})
        or exists (select 1 from ${auditEvents} where (${auditEvents.staffId} = ${id} or ${auditEvents.actor} = ${`staff:${id}`}) and ${auditEvents.ip} is not null and ${auditEvents.action} <> 'retention.erased')
        or not exists (select 1 from ${auditEvents} where ${auditEvents.staffId} = ${id} and ${auditEvents.action} = 'retention.erased' and ${auditEvents.details} ->> 'kind' = 'history'))`,
      // Their final pay has gone: a payroll export made after access ended whose file held them (retention.ts).
      finalPayExported: sql<boolean>`exists (select 1 from ${auditEvents} where ${auditEvents.action} = 'payroll.exported'
        and ${auditEvents.at} >= ${staff.accessEndsAt} and (${auditEvents.details} ->> 'since') <= ${staff.leavingDate}::text)`,
    })
    .from(staff)
    .where(eq(staff.id, id));
  if (!row) throw new AppError('NOT_FOUND', 'That person was not found.');
  const held: Record<PersonalDataKind, boolean> = {
    selfie: row.selfie,
    'survey-answers': row.survey,
    'bank-details': row.bank,
    'right-to-work': row.rightToWork,
    'payroll-records': row.payroll,
    vehicles: row.vehicles,
    documents: row.documents,
    history: row.history,
    'staff-record': true,
  };
  return { held, finalPayExported: row.finalPayExported };
}

/** When their data was last erased on request (or applied again after a restore), if ever. */
async function erasedAt(tx: Tx | Db, staffId: string): Promise<Date | null> {
  const [line] = await tx
    .select({ at: auditEvents.at })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.staffId, staffId),
        eq(auditEvents.action, 'retention.erased'),
        sql`${auditEvents.details} ->> 'rule' in (${ON_REQUEST_RULE}, ${REAPPLIED_RULE})`,
      ),
    )
    .orderBy(desc(auditEvents.at))
    .limit(1);
  return line?.at ?? null;
}

/** The leaver `staffId`, locked with `forUpdate`. @throws NOT_FOUND; CONFLICT unless their access has ended. */
async function leaver(
  tx: Tx | Db,
  staffId: string,
  now: Date,
  forUpdate = false,
): Promise<Person & { accessEndsAt: Date }> {
  const query = tx
    .select({ id: staff.id, accessEndsAt: staff.accessEndsAt, leavingDate: staff.leavingDate })
    .from(staff)
    .where(eq(staff.id, staffId));
  const [person] = forUpdate ? await query.for('update') : await query;
  if (!person) throw new AppError('NOT_FOUND', 'That person was not found.');
  if (!person.accessEndsAt || !isLeaver(person.accessEndsAt, now)) {
    throw new AppError(
      'CONFLICT',
      person.leavingDate
        ? 'They have not left yet: their data can be erased once their access has ended.'
        : 'They still work here: only a leaver’s data can be erased. Record their leaving first.',
    );
  }
  return { ...person, accessEndsAt: person.accessEndsAt };
}

/**
 * What an erasure on request of leaver `staffId` erases `now` and what is kept, until which UK day and
 * why: right-to-work, payroll records and documents until their periods end (`retentionDueDates`), the
 * staff record as long as any of them is kept and until the job's own date for it, bank details (and
 * the record with them) until the final pay has gone to payroll; everything else goes.
 * @throws AppError NOT_FOUND for an unknown id; CONFLICT for someone whose access has not ended.
 */
export async function planErasure(opts: {
  db: Tx | Db;
  periods: RetentionPeriods;
  staffId: string;
  now?: Date;
  forUpdate?: boolean;
}): Promise<ErasurePlan> {
  const now = opts.now ?? new Date();
  const person = await leaver(opts.db, opts.staffId, now, opts.forUpdate);
  const { held, finalPayExported } = await heldOf(opts.db, person);
  const due = retentionDueDates(person, opts.periods);
  const status = new Map<
    PersonalDataKind,
    { status: 'kept' | 'erase' | 'none'; until: string | null; why: string | null }
  >();
  for (const kind of LAW_KINDS) {
    const kept = held[kind] && due[kind] > now;
    status.set(kind, {
      status: kept ? 'kept' : held[kind] ? 'erase' : 'none',
      until: kept ? lastDayBefore(due[kind]) : null,
      why: kept ? why(kind, opts.periods) : null,
    });
  }
  const bankKept = held['bank-details'] && !finalPayExported;
  status.set('bank-details', {
    status: bankKept ? 'kept' : held['bank-details'] ? 'erase' : 'none',
    until: null,
    why: bankKept ? FINAL_PAY : null,
  });
  // The record stays while anything kept needs it: until the job's own date for it, or, when only the
  // bank details are kept, until the final pay has gone (an erasure on request after that takes it).
  const lawKept = LAW_KINDS.some((k) => status.get(k)!.status === 'kept');
  status.set('staff-record', {
    status: lawKept || bankKept ? 'kept' : 'erase',
    until: lawKept ? lastDayBefore(due['staff-record']) : null,
    why: lawKept ? why('staff-record', opts.periods) : bankKept ? FINAL_PAY : null,
  });
  for (const kind of ['selfie', 'survey-answers', 'vehicles', 'history'] as const)
    status.set(kind, { status: held[kind] ? 'erase' : 'none', until: null, why: null });
  const at = await erasedAt(opts.db, person.id);
  return {
    staff_id: person.id,
    access_ended_at: person.accessEndsAt.toISOString(),
    erased_at: at?.toISOString() ?? null,
    items: ORDER.map((kind) => {
      const s = status.get(kind)!;
      return { kind, label: LABELS[kind], status: s.status, kept_until: s.until, why: s.why };
    }),
  };
}

/** Erases `kind` of `staffId` in `tx`; @returns the storage keys of the files removed. */
async function eraseKind(tx: Tx, staffId: string, kind: PersonalDataKind): Promise<string[]> {
  if (kind === 'history') {
    await eraseTraces({ tx, staffId });
    return [];
  }
  return (await erasePersonalData({ tx, staffId, kind: kind satisfies ErasureKind })).storageKeys;
}

/** Deletes the bytes of `keys` (after the commit); @returns how many the storage refused, left for the operator. */
async function deleteBytes(storage: Services['storage'], keys: string[]): Promise<number> {
  const deleted = await Promise.allSettled(keys.map(async (key) => storage.delete(key)));
  return deleted.filter((d) => d.status === 'rejected').length;
}

/**
 * Erases at once every kind of leaver `staffId`'s data the plan says `erase`, in one transaction, each
 * with its audit line (`retention.erased`, `{ kind, staff_id, rule: 'on request' }`, by `actor`); the
 * files' bytes go after the commit. A second call finds nothing more to erase and writes nothing.
 * @returns the kinds erased, the plan left (null once the record itself went) and the files whose bytes
 *   the storage did not delete.
 * @throws AppError NOT_FOUND; CONFLICT for someone whose access has not ended.
 */
export async function eraseOnRequest(opts: {
  services: Pick<Services, 'db' | 'storage' | 'config'>;
  staffId: string;
  actor: string;
  ip?: string | null;
  now?: Date;
}): Promise<{ erased: PersonalDataKind[]; plan: ErasurePlan | null; filesLeft: number }> {
  const { db, storage, config } = opts.services;
  const { erased, storageKeys } = await db.transaction(async (tx) => {
    const plan = await planErasure({
      db: tx,
      periods: config.retention,
      staffId: opts.staffId,
      now: opts.now,
      forUpdate: true,
    });
    const kinds = plan.items.filter((i) => i.status === 'erase').map((i) => i.kind);
    const keys: string[] = [];
    for (const kind of kinds) keys.push(...(await eraseKind(tx, opts.staffId, kind)));
    // Written after the erasures, so the record's erasure does not take these lines' address.
    for (const kind of kinds) {
      await audit(tx, {
        staffId: opts.staffId,
        actor: opts.actor,
        action: 'retention.erased',
        ip: opts.ip ?? null,
        details: { kind, staff_id: opts.staffId, rule: ON_REQUEST_RULE },
      });
    }
    return { erased: kinds, storageKeys: keys };
  });
  const filesLeft = await deleteBytes(storage, storageKeys);
  const plan = erased.includes('staff-record')
    ? null
    : await planErasure({ db, periods: config.retention, staffId: opts.staffId, now: opts.now });
  return { erased, plan, filesLeft };
}

/** One erasure on request as the audit log recorded it: when, whose, which kind. */
export interface ErasureEntry {
  at: string;
  staff_id: string;
  kind: PersonalDataKind;
}

/** The erasures made on request at or after `since`, oldest first (`erasures list`). */
export async function listErasuresOnRequest(opts: { db: Db; since: Date }): Promise<ErasureEntry[]> {
  const rows = await opts.db
    .select({ at: auditEvents.at, details: auditEvents.details })
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.action, 'retention.erased'),
        sql`${auditEvents.details} ->> 'rule' = ${ON_REQUEST_RULE}`,
        gte(auditEvents.at, opts.since),
      ),
    )
    .orderBy(auditEvents.at, auditEvents.id);
  return rows.map((r) => ({
    at: r.at.toISOString(),
    staff_id: String(r.details.staff_id),
    kind: r.details.kind as PersonalDataKind,
  }));
}

/**
 * Applies again, after a restore from a backup, the erasures on request `entries` (from `erasures list`
 * run before the restore): per person, one transaction erasing those kinds again with the same functions,
 * each with an audit line whose rule says so; files after the commit. A person no longer on record
 * (erased since by the job) is skipped.
 * @returns the people done and skipped, and the files whose bytes the storage did not delete.
 */
export async function reapplyErasures(opts: {
  services: Pick<Services, 'db' | 'storage'>;
  entries: Pick<ErasureEntry, 'staff_id' | 'kind'>[];
  actor: string;
}): Promise<{ people: number; skipped: number; filesLeft: number }> {
  const { db, storage } = opts.services;
  const byPerson = new Map<string, Set<PersonalDataKind>>();
  for (const e of opts.entries) byPerson.set(e.staff_id, (byPerson.get(e.staff_id) ?? new Set()).add(e.kind));
  let people = 0;
  let skipped = 0;
  let filesLeft = 0;
  for (const [staffId, kinds] of byPerson) {
    const keys = await db.transaction(async (tx) => {
      const [person] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, staffId)).for('update');
      if (!person) return null;
      const storageKeys: string[] = [];
      const ordered = ORDER.filter((k) => kinds.has(k));
      for (const kind of ordered) storageKeys.push(...(await eraseKind(tx, staffId, kind)));
      for (const kind of ordered) {
        await audit(tx, {
          staffId,
          actor: opts.actor,
          action: 'retention.erased',
          details: { kind, staff_id: staffId, rule: REAPPLIED_RULE },
        });
      }
      return storageKeys;
    });
    if (!keys) {
      skipped++;
      continue;
    }
    people++;
    filesLeft += await deleteBytes(storage, keys);
  }
  return { people, skipped, filesLeft };
}
