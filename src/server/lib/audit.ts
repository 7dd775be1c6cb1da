/**
 * The one way the server writes to the audit log (`audit_events`, docs/architecture.md#audit-log):
 * an append-only record of who did what, to whose record and from where (sign-ins, step-ups,
 * personal-data changes, signatures, HR's admin commands), kept for HR and for finding out what
 * happened to an account that was taken over.
 */
import type { Db } from '@server/db/client.js';
import { auditEvents } from '@server/db/schema.js';

/**
 * One audit entry: the member it concerns (`staffId`, none for an unknown person or a group-wide
 * change), who acted (`actor`: `staff:<id>`, `joiner:<id>`, `anonymous`, `system` or the admin
 * CLI's actor), a dotted `action` name, the request's address (`ip`) and `details`.
 *
 * `details` is stored in clear and read by people: it must never carry tokens, codes, passwords,
 * secrets or unmasked bank details; name what changed, or mask it (`****5678`).
 */
export type AuditEntry = Pick<typeof auditEvents.$inferInsert, 'staffId' | 'actor' | 'action' | 'ip' | 'details'>;

/** Who hears of the entries written through each database handle (metrics: lib/metrics.ts). */
const observers = new WeakMap<object, (entry: AuditEntry) => void>();

/**
 * Tells `observer` of every entry written through `db` itself, once written. Entries written in a
 * transaction go through its `tx` and are not told: they may yet be rolled back.
 */
export function observeAudit(db: object, observer: (entry: AuditEntry) => void): void {
  observers.set(db, observer);
}

/**
 * Writes one audit entry. Pass the transaction (`tx`) when the entry belongs to a change made in
 * one, so the entry and the change are written together or not at all; otherwise the database.
 */
export async function audit(db: Pick<Db, 'insert'>, entry: AuditEntry): Promise<void> {
  await db.insert(auditEvents).values(entry);
  observers.get(db)?.(entry);
}
