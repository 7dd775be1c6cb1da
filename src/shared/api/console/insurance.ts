/** The console's insurance queue (docs/product.md#insurance-queue): documents waiting for a decision. */
import { z } from 'zod';
import { COVER_ENDS_MISSING } from '@shared/insurance-cover.js';

/** One insurance document waiting for a decision (docs/product.md#insurance-queue). */
export const pendingInsuranceSchema = z.object({
  vehicle_id: z.string(),
  registration: z.string(),
  make: z.string(),
  model: z.string(),
  mot_expiry: z.string().nullable(),
  mot_passed: z.boolean().nullable(),
  person: z.object({ id: z.string(), name: z.string(), venue: z.string().nullable() }),
  /** The document to decide on; its `uri` is a short-lived signed address to show it inline. */
  document: z.object({ id: z.string(), original_filename: z.string(), uri: z.string() }),
  since: z.string().nullable(),
});
export type PendingInsurance = z.infer<typeof pendingInsuranceSchema>;
export const insuranceQueueAnswerSchema = z.object({ data: z.array(pendingInsuranceSchema) });

export const vehicleParamsSchema = z.object({ vehicleId: z.string().max(64) });

/**
 * Approve: the document decided on, so a document replaced meanwhile is not approved unseen, and the
 * last day of its cover (YYYY-MM-DD, a UK date); the service refuses one before today or more than
 * COVER_ENDS_MAX_YEARS ahead (docs/product.md#insurance-queue).
 */
export const approveInsuranceBodySchema = z.object({
  document_id: z.uuid(),
  cover_ends: z.iso.date({
    error: (issue) => (issue.input === undefined ? COVER_ENDS_MISSING : 'Enter a date as YYYY-MM-DD'),
  }),
});
/** Reject with the reason the member sees. */
export const rejectInsuranceBodySchema = z.object({
  document_id: z.uuid(),
  reason: z.string().trim().min(1, 'Say why, so the member can fix it.').max(300),
});
export const insuranceDecisionAnswerSchema = z.object({
  data: z.object({ vehicle_id: z.string(), decision: z.enum(['approved', 'rejected']) }),
});
