import type { Vehicle } from '@shared/api/vehicles.js';

type InsuranceDocument = NonNullable<Vehicle['current_insurance_document']>;

/** Where a vehicle's insurance document stands (docs/product.md#vehicles), or that it has none. */
export type InsuranceState =
  { kind: 'missing' } | { kind: 'pending' } | { kind: 'approved'; by: string } | { kind: 'rejected'; reason: string };

/**
 * The state of an insurance document (docs/product.md#vehicles): rejected when approval_error is set, approved when
 * approved_by is set, pending otherwise.
 */
export function insuranceState(document: InsuranceDocument | null): InsuranceState {
  if (!document) return { kind: 'missing' };
  if (document.approval_error) return { kind: 'rejected', reason: document.approval_error };
  if (document.approved_by) return { kind: 'approved', by: document.approved_by };
  return { kind: 'pending' };
}
