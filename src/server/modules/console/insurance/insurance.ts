/**
 * The console's insurance queue (docs/product.md#insurance-queue): the documents waiting for a decision,
 * oldest first, within the caller's scope, each with a short-lived address to show it, and approve or
 * reject with a reason, on the same services as `insurance approve` and `insurance reject`.
 */
import { and, asc, eq, isNotNull, isNull } from 'drizzle-orm';
import type { PendingInsurance } from '@shared/api/console/insurance.js';
import { files, staff, vehicles, venues } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { signedFileUrl } from '@server/modules/files/index.js';
import { approveInsurance, rejectInsurance } from '@server/modules/vehicles/index.js';
import type { Services } from '@server/services.js';
import { withinScope, type ConsoleScope } from '@server/modules/console/shared/scope.js';

const VEHICLE_NOT_FOUND = 'That vehicle was not found.';

/** The pending documents the scope may decide on, oldest first. */
export async function listInsuranceQueue(opts: {
  services: Services;
  scope: ConsoleScope;
}): Promise<PendingInsurance[]> {
  const { services } = opts;
  const rows = await services.db
    .select({
      vehicle: vehicles,
      personId: staff.id,
      forename: staff.forename,
      surname: staff.surname,
      venue: venues.name,
      fileId: files.id,
      filename: files.originalFilename,
    })
    .from(vehicles)
    .innerJoin(staff, eq(staff.id, vehicles.staffId))
    .leftJoin(venues, eq(venues.id, staff.venueId))
    .innerJoin(files, eq(files.id, vehicles.insuranceFileId))
    .where(
      withinScope(
        opts.scope,
        and(
          isNotNull(vehicles.insuranceFileId),
          isNull(vehicles.insuranceApprovedBy),
          isNull(vehicles.insuranceApprovalError),
        ),
      ),
    )
    .orderBy(asc(vehicles.insuranceUpdatedAt));
  return rows.map((row) => ({
    vehicle_id: row.vehicle.id,
    registration: row.vehicle.registration,
    make: row.vehicle.make,
    model: row.vehicle.model,
    mot_expiry: row.vehicle.motExpiryDate,
    mot_passed: row.vehicle.motPassed,
    person: { id: row.personId, name: `${row.forename} ${row.surname}`, venue: row.venue },
    document: {
      id: row.fileId,
      original_filename: row.filename,
      uri: signedFileUrl({ services, fileId: row.fileId, disposition: 'inline' }),
    },
    since: row.vehicle.insuranceUpdatedAt?.toISOString() ?? null,
  }));
}

/** @throws AppError NOT_FOUND unless the vehicle belongs to someone the scope may see. */
async function vehicleInScope(services: Services, scope: ConsoleScope, vehicleId: string): Promise<void> {
  const valid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(vehicleId);
  const [row] = valid
    ? await services.db
        .select({ id: vehicles.id })
        .from(vehicles)
        .innerJoin(staff, eq(staff.id, vehicles.staffId))
        .where(withinScope(scope, eq(vehicles.id, vehicleId)))
        .limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', VEHICLE_NOT_FOUND);
}

/** Who approved, as the member and the till see it: the console user's name and role. */
async function approverName(services: Services, scope: ConsoleScope): Promise<string> {
  const [me] = await services.db
    .select({ forename: staff.forename, surname: staff.surname })
    .from(staff)
    .where(eq(staff.id, scope.actorId))
    .limit(1);
  return `${me?.forename ?? ''} ${me?.surname ?? ''} (${scope.role === 'hr' ? 'HR' : 'venue manager'})`.trim();
}

/**
 * Approves (with the last day of its cover, YYYY-MM-DD) or rejects the document `documentId` of a vehicle
 * in scope; audited with the console user.
 * @throws AppError NOT_FOUND outside the scope; DOCUMENT_REPLACED (409) when the member replaced the
 *   document since; BAD_REQUEST when there is none to decide on, or (field `cover_ends`) for a cover end
 *   before today or too far ahead.
 */
export async function decideInsurance(opts: {
  services: Services;
  scope: ConsoleScope;
  vehicleId: string;
  documentId: string;
  decision: { coverEnds: string } | { reason: string };
}): Promise<{ vehicle_id: string; decision: 'approved' | 'rejected' }> {
  const { services, scope } = opts;
  await vehicleInScope(services, scope, opts.vehicleId);
  const actor = `staff:${scope.actorId}`;
  if ('coverEnds' in opts.decision) {
    await approveInsurance({
      services,
      vehicleId: opts.vehicleId,
      documentId: opts.documentId,
      coverEnds: opts.decision.coverEnds,
      by: await approverName(services, scope),
      actor,
    });
    return { vehicle_id: opts.vehicleId, decision: 'approved' };
  }
  await rejectInsurance({
    services,
    vehicleId: opts.vehicleId,
    documentId: opts.documentId,
    reason: opts.decision.reason,
    actor,
  });
  return { vehicle_id: opts.vehicleId, decision: 'rejected' };
}
