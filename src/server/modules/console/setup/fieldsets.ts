/**
 * The console's onboarding fieldsets (docs/product.md#set-up): the list with how many fields each has,
 * and one fieldset's definitions, so the Set-up screen can preview the form as a joiner will see it.
 * Any console role may read them (a manager invites with one); importing is HR's (imports.ts).
 */
import { desc, eq } from 'drizzle-orm';
import type { ConsoleFieldset, ConsoleFieldsetDetail } from '@shared/api/console/setup.js';
import type { Db } from '@server/db/client.js';
import { fieldsets } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import type { ConsoleScope } from '@server/modules/console/shared/scope.js';

const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

/** Every fieldset, the most recently imported first (the one an invitation without a name gets). */
export async function listFieldsets(opts: { db: Db; scope: ConsoleScope }): Promise<ConsoleFieldset[]> {
  const rows = await opts.db.select().from(fieldsets).orderBy(desc(fieldsets.updatedAt));
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    fields: row.fields.length,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  }));
}

/** One fieldset with its field definitions. @throws AppError NOT_FOUND for an unknown id. */
export async function getFieldset(opts: {
  db: Db;
  scope: ConsoleScope;
  fieldsetId: string;
}): Promise<ConsoleFieldsetDetail> {
  const [row] = isUuid(opts.fieldsetId)
    ? await opts.db.select().from(fieldsets).where(eq(fieldsets.id, opts.fieldsetId)).limit(1)
    : [];
  if (!row) throw new AppError('NOT_FOUND', 'That fieldset was not found.');
  return {
    id: row.id,
    name: row.name,
    fields: row.fields,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}
