/**
 * My Vehicles (docs/product.md#vehicles, Vehicle, insurance states, registration rules): members
 * add vehicles with an insurance document; details and MOT come from the vehicle lookup; HR
 * approves or rejects the document. Members only ever see and change their own vehicles.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import dayjs from 'dayjs';
import { COVER_ENDS_MAX_YEARS } from '@shared/insurance-cover.js';
import type { FieldError } from '@shared/api/errors.js';
import type { Vehicle } from '@shared/api/vehicles.js';
import { files, staff, vehicles } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { AppError } from '@server/errors.js';
import type { Services } from '@server/services.js';
import { findOwnedFile } from '@server/modules/files/index.js';
import { UNKNOWN_VEHICLE, type VehicleDetails } from '@server/lib/vehicle-lookup.js';
import { isUuid, isUniqueViolation } from '@server/lib/ids.js';
import { todayInUk, ukDateText } from '@server/lib/uk-days.js';

type VehicleRow = typeof vehicles.$inferSelect;
type FileRow = typeof files.$inferSelect;

/**
 * UK registration formats (DVLA): current (AB12 CDE), prefix (A123 BCD), suffix (ABC 123D) and
 * dateless (1-4 digits and 1-3 letters either way round), and Northern Ireland (ABZ 1234).
 */
const UK_REGISTRATION = [
  /^[A-Z]{2}\d{2}[A-Z]{3}$/,
  /^[A-Z]\d{1,3}[A-Z]{3}$/,
  /^[A-Z]{3}\d{1,3}[A-Z]$/,
  /^\d{1,4}[A-Z]{1,3}$/,
  /^[A-Z]{1,3}\d{1,4}$/,
];

/** Upper case without spaces (docs/product.md#vehicles), or null when it is not a UK registration. */
export function normaliseRegistration(input: string): string | null {
  const reg = input.toUpperCase().replace(/\s+/g, '');
  return reg.length >= 2 && reg.length <= 8 && UK_REGISTRATION.some((re) => re.test(reg)) ? reg : null;
}

/** docs/product.md#vehicles: Vehicle from a row and its insurance document's file. */
export function toVehicle(row: VehicleRow, file: FileRow | null): Vehicle {
  return {
    id: row.id,
    make: row.make,
    model: row.model,
    colour: row.colour,
    fuel_type: row.fuelType,
    registration: row.registration,
    current_mot:
      row.motPassed === null
        ? null
        : { date_completed: row.motDateCompleted, expiry_date: row.motExpiryDate, passed: row.motPassed },
    current_insurance_document: file
      ? {
          approved_by: row.insuranceApprovedBy,
          approval_error: row.insuranceApprovalError,
          processing_error: row.insuranceProcessingError,
          file: { id: file.id, original_filename: file.originalFilename, size: file.size },
        }
      : null,
  };
}

async function loadVehicles(services: Services, where: ReturnType<typeof eq>): Promise<Vehicle[]> {
  const rows = await services.db
    .select({ vehicle: vehicles, file: files })
    .from(vehicles)
    .leftJoin(files, eq(files.id, vehicles.insuranceFileId))
    .where(where)
    .orderBy(asc(vehicles.createdAt));
  return rows.map((r) => toVehicle(r.vehicle, r.file));
}

/** `GET /staff/my-vehicles`: the member's own vehicles, oldest first. */
export const listMyVehicles = (opts: { services: Services; staffId: string }) =>
  loadVehicles(opts.services, eq(vehicles.staffId, opts.staffId));

/** The member's own uploaded document, or a field error. */
async function ownDocument(
  services: Services,
  staffId: string,
  fileId: string,
  field: string,
): Promise<FileRow | FieldError> {
  const file = isUuid(fileId) ? await findOwnedFile({ services, id: fileId, ownerStaffId: staffId }) : undefined;
  if (!file || file.bucket !== 'documents') return { field, error: 'Upload the insurance document again' };
  return file;
}

/**
 * `POST /staff/my-vehicles`: adds a vehicle with its insurance document (pending approval).
 * @throws AppError BAD_REQUEST with per-field errors, CONFLICT when the member already has it.
 */
export async function addVehicle(opts: {
  services: Services;
  staffId: string;
  registration: string;
  insuranceDocument: string;
  ip: string;
  log?: { warn(obj: object, msg: string): void };
}): Promise<Vehicle> {
  const { services } = opts;
  const errors: FieldError[] = [];
  const registration = normaliseRegistration(opts.registration);
  if (!registration) errors.push({ field: 'registration', error: 'Enter a UK registration, like AB12 CDE' });
  const document = await ownDocument(services, opts.staffId, opts.insuranceDocument, 'insurance_document');
  if ('error' in document) errors.push(document);
  if (errors.length) throw new AppError('BAD_REQUEST', 'Some of the details need another look.', errors);
  const duplicate = () =>
    new AppError('CONFLICT', 'You have already added this vehicle.', [
      { field: 'registration', error: 'You have already added this vehicle' },
    ]);
  const [existing] = await services.db
    .select({ id: vehicles.id })
    .from(vehicles)
    .where(and(eq(vehicles.staffId, opts.staffId), eq(vehicles.registration, registration!)))
    .limit(1);
  if (existing) throw duplicate();

  let details: VehicleDetails;
  try {
    details = await services.vehicleLookup.lookup(registration!);
  } catch (err) {
    // The lookup being down must not stop a member adding their car; HR sees "Unknown".
    opts.log?.warn({ err: err instanceof Error ? err.message : String(err) }, 'vehicle lookup failed');
    details = UNKNOWN_VEHICLE;
  }
  const file = document as FileRow;
  try {
    const [row] = await services.db.transaction(async (tx) => {
      const inserted = await tx
        .insert(vehicles)
        .values({
          staffId: opts.staffId,
          registration: registration!,
          make: details.make,
          model: details.model,
          colour: details.colour,
          fuelType: details.fuelType,
          motDateCompleted: details.mot?.dateCompleted ?? null,
          motExpiryDate: details.mot?.expiryDate ?? null,
          motPassed: details.mot?.passed ?? null,
          insuranceFileId: file.id,
          insuranceUpdatedAt: new Date(),
        })
        .returning();
      await audit(tx, {
        staffId: opts.staffId,
        actor: `staff:${opts.staffId}`,
        action: 'vehicle.added',
        ip: opts.ip,
        details: { vehicle_id: inserted[0]!.id, registration, insurance_file_id: file.id },
      });
      return inserted;
    });
    return toVehicle(row!, file);
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}

/** The member's own vehicle. @throws AppError NOT_FOUND for anyone else's (or none). */
async function ownVehicle(services: Services, staffId: string, vehicleId: string): Promise<VehicleRow> {
  const [row] = isUuid(vehicleId)
    ? await services.db
        .select()
        .from(vehicles)
        .where(and(eq(vehicles.id, vehicleId), eq(vehicles.staffId, staffId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'That vehicle was not found.');
  return row;
}

/**
 * `POST /staff/vehicle/<id>/insurance-document`: a new document, pending approval again.
 * @throws AppError NOT_FOUND (not the member's vehicle), BAD_REQUEST (not their document).
 */
export async function replaceInsuranceDocument(opts: {
  services: Services;
  staffId: string;
  vehicleId: string;
  fileId: string;
  ip: string;
}): Promise<Vehicle> {
  const { services } = opts;
  const vehicle = await ownVehicle(services, opts.staffId, opts.vehicleId);
  const document = await ownDocument(services, opts.staffId, opts.fileId, 'file_id');
  if ('error' in document) throw new AppError('BAD_REQUEST', 'Upload the insurance document again.', [document]);
  const row = await services.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(vehicles)
      .set({
        insuranceFileId: document.id,
        insuranceApprovedBy: null,
        insuranceApprovalError: null,
        insuranceProcessingError: null,
        // A new document's cover is HR's to read when they approve it.
        insuranceCoverEnds: null,
        insuranceUpdatedAt: new Date(),
      })
      .where(eq(vehicles.id, vehicle.id))
      .returning();
    await audit(tx, {
      staffId: opts.staffId,
      actor: `staff:${opts.staffId}`,
      action: 'vehicle.insurance_replaced',
      ip: opts.ip,
      details: { vehicle_id: vehicle.id, insurance_file_id: document.id },
    });
    return updated;
  });
  return toVehicle(row!, document);
}

/** Insurance documents waiting for HR (`insurance list`), oldest first. */
export async function listPendingInsurance(services: Services) {
  return (
    services.db
      .select({
        id: vehicles.id,
        registration: vehicles.registration,
        email: staff.emailAddress,
        fileId: files.id,
        filename: files.originalFilename,
        since: vehicles.insuranceUpdatedAt,
      })
      .from(vehicles)
      .innerJoin(staff, eq(staff.id, vehicles.staffId))
      .innerJoin(files, eq(files.id, vehicles.insuranceFileId))
      // The inner join already needs a document; saying so lets the planner use vehicles_insurance_pending_idx.
      .where(
        and(
          isNotNull(vehicles.insuranceFileId),
          isNull(vehicles.insuranceApprovedBy),
          isNull(vehicles.insuranceApprovalError),
        ),
      )
      .orderBy(asc(vehicles.insuranceUpdatedAt))
  );
}

/**
 * The vehicle HR decides on. With `documentId`, the decision only applies while that is still the
 * vehicle's document: a member replacing it meanwhile must not get an unseen file approved.
 * @throws AppError BAD_REQUEST for an unknown vehicle or one without a document; DOCUMENT_REPLACED (409).
 */
async function vehicleWithDocument(services: Services, vehicleId: string, documentId?: string): Promise<VehicleRow> {
  const [row] = isUuid(vehicleId)
    ? await services.db.select().from(vehicles).where(eq(vehicles.id, vehicleId)).limit(1)
    : [];
  if (!row) throw new AppError('BAD_REQUEST', `No vehicle has the id ${vehicleId}.`);
  if (!row.insuranceFileId) throw new AppError('BAD_REQUEST', 'That vehicle has no insurance document to decide on.');
  if (documentId && documentId !== row.insuranceFileId) {
    throw new AppError('DOCUMENT_REPLACED', 'The member has replaced that document since: check the new one.');
  }
  return row;
}

/**
 * Checks the last day of cover HR read on the certificate (docs/product.md#insurance-queue): a UK date
 * from today (London's, at `now`) to COVER_ENDS_MAX_YEARS ahead.
 * @throws AppError BAD_REQUEST with the field `cover_ends` otherwise.
 */
function checkCoverEnds(coverEnds: string, now: Date): void {
  const problem = (error: string) => new AppError('BAD_REQUEST', `${error}.`, [{ field: 'cover_ends', error }]);
  const today = todayInUk(now);
  const latest = dayjs.utc(today).add(COVER_ENDS_MAX_YEARS, 'year').format('YYYY-MM-DD');
  // The callers' schemas check it is a calendar date; this keeps the comparisons below on that form.
  if (!/^\d{4}-\d{2}-\d{2}$/.test(coverEnds)) throw problem('Enter a date as YYYY-MM-DD');
  if (coverEnds < today) throw problem('The cover has already ended: ask the member for their current certificate');
  if (coverEnds > latest)
    throw problem(`The cover must end within ${COVER_ENDS_MAX_YEARS} years, by ${ukDateText(latest)}`);
}

/**
 * HR approves a vehicle's insurance document: sets approved_by and the last day of its cover
 * (`coverEnds`, YYYY-MM-DD), from which the member is reminded (docs/product.md#reminders).
 * @throws AppError BAD_REQUEST (field `cover_ends`) for a date before today in the UK or more than
 *   COVER_ENDS_MAX_YEARS ahead, and as vehicleWithDocument.
 */
export async function approveInsurance(opts: {
  services: Services;
  vehicleId: string;
  documentId?: string;
  coverEnds: string;
  by: string;
  actor: string;
  now?: Date;
}): Promise<VehicleRow> {
  checkCoverEnds(opts.coverEnds, opts.now ?? new Date());
  const row = await vehicleWithDocument(opts.services, opts.vehicleId, opts.documentId);
  const [updated] = await opts.services.db
    .update(vehicles)
    .set({ insuranceApprovedBy: opts.by, insuranceApprovalError: null, insuranceCoverEnds: opts.coverEnds })
    .where(eq(vehicles.id, row.id))
    .returning();
  await audit(opts.services.db, {
    staffId: row.staffId,
    actor: opts.actor,
    action: 'vehicle.insurance_approved',
    details: { vehicle_id: row.id, approved_by: opts.by, cover_ends: opts.coverEnds },
  });
  return updated!;
}

/** HR rejects a vehicle's insurance document with a reason the member sees. */
export async function rejectInsurance(opts: {
  services: Services;
  vehicleId: string;
  documentId?: string;
  reason: string;
  actor: string;
}): Promise<VehicleRow> {
  const row = await vehicleWithDocument(opts.services, opts.vehicleId, opts.documentId);
  const [updated] = await opts.services.db
    .update(vehicles)
    .set({ insuranceApprovalError: opts.reason, insuranceApprovedBy: null, insuranceCoverEnds: null })
    .where(eq(vehicles.id, row.id))
    .returning();
  await audit(opts.services.db, {
    staffId: row.staffId,
    actor: opts.actor,
    action: 'vehicle.insurance_rejected',
    details: { vehicle_id: row.id, reason: opts.reason },
  });
  return updated!;
}
