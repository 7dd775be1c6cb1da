/**
 * Right-to-work records (docs/product.md#right-to-work-records, docs/decisions/0048-right-to-work-records.md):
 * the checks HR made of a person, recording one (a follow-up check the same way), the copies it rests
 * on, and the right-to-work view's lists. The three kinds of check and the follow-up of time-limited
 * permission are the Home Office's "Employer's guide to right to work checks".
 *
 * HR records; a venue manager reads their venues' records and lists (docs/product.md#console-roles).
 * Leavers (access ended) are left out of the lists.
 */
import { randomUUID } from 'node:crypto';
import { and, asc, count, desc, eq, gte, inArray, lt, lte, sql, type SQL } from 'drizzle-orm';
import dayjs from 'dayjs';
import {
  EXPIRING_WITHIN_DAYS,
  type PersonRightToWork,
  type RecordRightToWorkBody,
  type RightToWorkCheck,
  type RightToWorkFile,
  type RightToWorkList,
  type RightToWorkListAnswer,
  type RightToWorkQuery,
  recordRightToWorkBodySchema,
  rightToWorkQuerySchema,
} from '@shared/api/console/right-to-work.js';
import { DOCUMENT_MIME_TYPES } from '@shared/upload-rules.js';
import { files, rightToWorkCheckFiles, rightToWorkChecks, staff, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { openField, sealField } from '@server/lib/field-crypto.js';
import { sealContext } from '@server/lib/sealed-columns.js';
import { isUuid } from '@server/lib/ids.js';
import { notLeaverSql } from '@server/lib/leavers.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { chargeUploadQuota, decodeDataUrl, signedFileUrl, storeFile, vetUpload } from '@server/modules/files/index.js';
import type { Services } from '@server/services.js';
import { PERSON_NOT_FOUND, requireHr, withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';

/** The buckets of uploads a check may rest on: a joiner's onboarding uploads and copies uploaded by HR here. */
const COPY_BUCKETS = ['onboarding', 'right-to-work'];
/** Copies offered on a person's page, newest first. */
const COPIES_SHOWN = 50;

const shareCodeContext = sealContext.shareCode;

type FileRow = typeof files.$inferSelect;
const toFile = (services: Services, row: FileRow): RightToWorkFile => ({
  id: row.id,
  original_filename: row.originalFilename,
  content_type: row.contentType,
  created_at: row.createdAt.toISOString(),
  uri: signedFileUrl({ services, fileId: row.id, disposition: 'inline' }),
});

/** @throws AppError NOT_FOUND unless `id` is a person the scope may see. */
async function requirePerson(services: Services, scope: ConsoleScope, id: string): Promise<void> {
  const [row] = isUuid(id)
    ? await services.db
        .select({ id: staff.id })
        .from(staff)
        .where(withinScope(scope, eq(staff.id, id)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', PERSON_NOT_FOUND);
}

/** The uploads of `staffId` a check may rest on. */
const copiesOf = (staffId: string) =>
  and(
    eq(files.ownerStaffId, staffId),
    inArray(files.bucket, COPY_BUCKETS),
    inArray(files.contentType, [...DOCUMENT_MIME_TYPES]),
  );

/** A person's checks, newest first, with the copies each rests on and the copies to choose from. @throws AppError NOT_FOUND. */
export async function getPersonRightToWork(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
}): Promise<PersonRightToWork> {
  const { services } = opts;
  await requirePerson(services, opts.scope, opts.id);
  const checker = sql<
    string | null
  >`(select ${staff.forename} || ' ' || ${staff.surname} from ${staff} where ${staff.id} = ${rightToWorkChecks.checkedBy})`;
  const [checks, copies] = await Promise.all([
    services.db
      .select({ check: rightToWorkChecks, checker })
      .from(rightToWorkChecks)
      .where(eq(rightToWorkChecks.staffId, opts.id))
      .orderBy(desc(rightToWorkChecks.checkedOn), desc(rightToWorkChecks.createdAt)),
    services.db.select().from(files).where(copiesOf(opts.id)).orderBy(desc(files.createdAt)).limit(COPIES_SHOWN),
  ]);
  const linked = checks.length
    ? await services.db
        .select({ checkId: rightToWorkCheckFiles.checkId, file: files })
        .from(rightToWorkCheckFiles)
        .innerJoin(files, eq(files.id, rightToWorkCheckFiles.fileId))
        .where(
          inArray(
            rightToWorkCheckFiles.checkId,
            checks.map((c) => c.check.id),
          ),
        )
        .orderBy(asc(files.createdAt))
    : [];
  return {
    checks: checks.map(({ check, checker: name }) =>
      toCheck(
        services,
        check,
        name,
        linked.filter((l) => l.checkId === check.id).map((l) => l.file),
      ),
    ),
    files: copies.map((row) => toFile(services, row)),
    can_record: opts.scope.role === 'hr',
  };
}

function toCheck(
  services: Services,
  check: typeof rightToWorkChecks.$inferSelect,
  checkerName: string | null,
  copies: FileRow[],
): RightToWorkCheck {
  return {
    id: check.id,
    kind: check.kind,
    share_code: check.shareCodeSealed
      ? openField(services.fieldKeys, check.shareCodeSealed, shareCodeContext(check.id))
      : null,
    idsp_document: check.idspDocument,
    checked_on: check.checkedOn,
    checked_by: check.checkedBy && checkerName ? { id: check.checkedBy, name: checkerName } : null,
    permission_expires_on: check.permissionExpiresOn,
    follow_up_on: check.followUpOn,
    current: check.current,
    files: copies.map((row) => toFile(services, row)),
    created_at: check.createdAt.toISOString(),
  };
}

/**
 * Records a check of a person in scope (HR only), which becomes their current one; audited without the
 * share code. @throws AppError FORBIDDEN (not HR), NOT_FOUND, BAD_REQUEST (a check dated after today, a
 * copy that is not one of the person's uploads).
 */
export async function recordRightToWorkCheck(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
  body: RecordRightToWorkBody;
  ip?: string;
  now?: Date;
}): Promise<RightToWorkCheck> {
  const { services, scope } = opts;
  requireHr(scope);
  await requirePerson(services, scope, opts.id);
  const body = recordRightToWorkBodySchema.parse(opts.body);
  if (body.checked_on > todayInUk(opts.now)) {
    throw new AppError('BAD_REQUEST', 'A check cannot be dated after today.', [
      { field: 'checked_on', error: 'cannot be after today' },
    ]);
  }
  const fileIds = [...new Set(body.file_ids)];
  const copies = await services.db
    .select()
    .from(files)
    .where(and(copiesOf(opts.id), inArray(files.id, fileIds)));
  if (copies.length !== fileIds.length) {
    throw new AppError('BAD_REQUEST', 'Choose copies from this person’s uploads.', [
      { field: 'file_ids', error: 'must be this person’s uploaded documents' },
    ]);
  }
  const id = randomUUID();
  const check = await services.db.transaction(async (tx) => {
    // One recording at a time per person, so exactly one check stays current.
    await tx.select({ id: staff.id }).from(staff).where(eq(staff.id, opts.id)).for('update');
    await tx
      .update(rightToWorkChecks)
      .set({ current: false })
      .where(and(eq(rightToWorkChecks.staffId, opts.id), eq(rightToWorkChecks.current, true)));
    const [row] = await tx
      .insert(rightToWorkChecks)
      .values({
        id,
        staffId: opts.id,
        kind: body.kind,
        shareCodeSealed: body.share_code ? sealField(services.fieldKeys, body.share_code, shareCodeContext(id)) : null,
        idspDocument: body.idsp_document ?? null,
        checkedOn: body.checked_on,
        checkedBy: scope.actorId,
        permissionExpiresOn: body.permission_expires_on ?? null,
        followUpOn: body.follow_up_on ?? null,
      })
      .returning();
    await tx.insert(rightToWorkCheckFiles).values(fileIds.map((fileId) => ({ checkId: id, fileId })));
    await audit(tx, {
      staffId: opts.id,
      actor: `staff:${scope.actorId}`,
      action: 'right_to_work.recorded',
      ip: opts.ip,
      details: {
        kind: body.kind,
        checked_on: body.checked_on,
        permission_expires_on: body.permission_expires_on ?? null,
        follow_up_on: body.follow_up_on ?? null,
        files: fileIds.length,
      },
    });
    return row!;
  });
  const [me] = await services.db
    .select({ forename: staff.forename, surname: staff.surname })
    .from(staff)
    .where(eq(staff.id, scope.actorId));
  return toCheck(services, check, me ? `${me.forename} ${me.surname}` : null, copies);
}

/**
 * A copy uploaded by HR for a person's check: vetted like any upload, counted against the uploader's
 * daily quota, kept as the person's file. @throws AppError FORBIDDEN, NOT_FOUND and the upload errors.
 */
export async function uploadRightToWorkCopy(opts: {
  services: Services;
  scope: ConsoleScope;
  id: string;
  filename: string;
  fileData: string;
}): Promise<RightToWorkFile> {
  const { services, scope } = opts;
  requireHr(scope);
  await requirePerson(services, scope, opts.id);
  const decoded = decodeDataUrl(opts.fileData);
  await chargeUploadQuota({ services, ownerStaffId: scope.actorId, bytes: decoded.byteLength });
  const vetted = await vetUpload(decoded);
  const row = await storeFile({
    services,
    ownerStaffId: opts.id,
    bucket: 'right-to-work',
    filename: opts.filename,
    contentType: vetted.contentType,
    bytes: vetted.bytes,
  });
  return toFile(services, row);
}

/** The condition of each list on the current check, at the UK date `today`. */
function listCondition(list: Exclude<RightToWorkList, 'none'>, today: string): SQL {
  const expiry = rightToWorkChecks.permissionExpiresOn;
  if (list === 'expired') return lt(expiry, today);
  const until = dayjs.utc(today).add(EXPIRING_WITHIN_DAYS, 'day').format('YYYY-MM-DD');
  return and(gte(expiry, today), lte(expiry, until))!;
}

const hasCurrentCheck = sql`exists (select 1 from ${rightToWorkChecks} where ${rightToWorkChecks.staffId} = ${staff.id} and ${rightToWorkChecks.current})`;

/**
 * One list of the right-to-work view, paged, with the three counts: `none` (no check recorded) by start
 * date, `expiring` (permission ending within EXPIRING_WITHIN_DAYS days, today included) and `expired`
 * by the permission's expiry. Within the scope, leavers left out.
 */
export async function listRightToWork(opts: {
  services: Services;
  scope: ConsoleScope;
  query: RightToWorkQuery;
  now?: Date;
}): Promise<RightToWorkListAnswer> {
  const { db } = opts.services;
  const query = rightToWorkQuerySchema.parse(opts.query);
  const now = opts.now ?? new Date();
  const today = todayInUk(now);
  const people = (condition: SQL | undefined) => withinScope(opts.scope, and(notLeaverSql(now), condition));
  const withCheck = (list: Exclude<RightToWorkList, 'none'>) =>
    people(and(eq(rightToWorkChecks.current, true), listCondition(list, today)));
  const noCheck = people(sql`not ${hasCurrentCheck}`);
  const countWith = (list: Exclude<RightToWorkList, 'none'>) =>
    db
      .select({ n: count() })
      .from(rightToWorkChecks)
      .innerJoin(staff, eq(staff.id, rightToWorkChecks.staffId))
      .where(withCheck(list));
  const order = query.direction === 'desc' ? desc : asc;
  const offset = (query.page - 1) * query.per_page;
  const columns = {
    id: staff.id,
    forename: staff.forename,
    surname: staff.surname,
    venue: venues.name,
    startDate: staff.startDate,
  };
  const page =
    query.list === 'none'
      ? db
          .select(columns)
          .from(staff)
          .leftJoin(venues, eq(venues.id, staff.venueId))
          .where(noCheck)
          .orderBy(sql`${staff.startDate} ${sql.raw(query.direction)} nulls last`, asc(staff.surname), asc(staff.id))
          .limit(query.per_page)
          .offset(offset)
          .then((rows) => rows.map((row) => ({ ...row, check: null })))
      : db
          .select({ ...columns, check: rightToWorkChecks })
          .from(rightToWorkChecks)
          .innerJoin(staff, eq(staff.id, rightToWorkChecks.staffId))
          .leftJoin(venues, eq(venues.id, staff.venueId))
          .where(withCheck(query.list))
          .orderBy(order(rightToWorkChecks.permissionExpiresOn), asc(staff.id))
          .limit(query.per_page)
          .offset(offset);
  const [rows, [none], [expiring], [expired]] = await Promise.all([
    page,
    db.select({ n: count() }).from(staff).where(noCheck),
    countWith('expiring'),
    countWith('expired'),
  ]);
  const counts = { none: none?.n ?? 0, expiring: expiring?.n ?? 0, expired: expired?.n ?? 0 };
  return {
    data: rows.map((row) => ({
      person: { id: row.id, name: `${row.forename} ${row.surname}`, venue: row.venue },
      start_date: row.startDate,
      check: row.check
        ? {
            kind: row.check.kind,
            checked_on: row.check.checkedOn,
            permission_expires_on: row.check.permissionExpiresOn,
            follow_up_on: row.check.followUpOn,
          }
        : null,
    })),
    meta: { page: query.page, per_page: query.per_page, total: counts[query.list], counts },
  };
}
