/**
 * Which reminder kinds are on (docs/product.md#reminders): HR switches each off or on in Set-up; a kind
 * HR never touched is on.
 */
import { REMINDER_KINDS, type ReminderKind } from '@shared/reminders.js';
import type { Db } from '@server/db/client.js';
import { reminderSettings } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';

/** Every kind with whether it is on, in REMINDER_KINDS order. */
export async function readReminderSwitches(db: Db): Promise<{ kind: ReminderKind; enabled: boolean }[]> {
  const rows = await db.select().from(reminderSettings);
  const off = new Set(rows.filter((row) => !row.enabled).map((row) => row.kind));
  return REMINDER_KINDS.map((kind) => ({ kind, enabled: !off.has(kind) }));
}

/** Switches one kind on or off; audited as `reminders.switched` by `actorId`. */
export async function switchReminder(opts: {
  db: Db;
  kind: ReminderKind;
  enabled: boolean;
  actorId: string;
}): Promise<{ kind: ReminderKind; enabled: boolean }[]> {
  await opts.db.transaction(async (tx) => {
    await tx
      .insert(reminderSettings)
      .values({ kind: opts.kind, enabled: opts.enabled, updatedBy: opts.actorId })
      .onConflictDoUpdate({
        target: reminderSettings.kind,
        set: { enabled: opts.enabled, updatedBy: opts.actorId, updatedAt: new Date() },
      });
    await audit(tx, {
      actor: `staff:${opts.actorId}`,
      action: 'reminders.switched',
      details: { kind: opts.kind, enabled: opts.enabled },
    });
  });
  return readReminderSwitches(opts.db);
}
