/**
 * The console's positions (docs/product.md#set-up): the job titles the invite and add-person forms
 * offer. Every console role may read the list; HR adds, renames, archives and brings back, audited.
 * A name is unique among the active positions whatever its case (409 otherwise); `staff.position`
 * stays text, so no change here touches anyone's record.
 */
import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { ConsolePosition } from '@shared/api/console/setup.js';
import type { Db } from '@server/db/client.js';
import { positions } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { audit } from '@server/lib/audit.js';
import { requireHr, type ConsoleScope } from '@server/modules/console/shared/scope.js';

const POSITION_NOT_FOUND = 'That position was not found.';
const isUuid = (id: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id);

const toWire = (row: typeof positions.$inferSelect): ConsolePosition => ({
  id: row.id,
  name: row.name,
  archived: row.archivedAt !== null,
  created_at: row.createdAt.toISOString(),
});

/** Every position, active first, then by name (any console role: the forms offer the active ones). */
export async function listPositions(opts: { db: Db; scope: ConsoleScope }): Promise<ConsolePosition[]> {
  const rows = await opts.db
    .select()
    .from(positions)
    .orderBy(sql`${positions.archivedAt} is not null`, asc(sql`lower(${positions.name})`));
  return rows.map(toWire);
}

/** @throws AppError CONFLICT when an active position other than `except` is called `name` (any case). */
async function checkNameFree(db: Db, name: string, except?: string): Promise<void> {
  const [taken] = await db
    .select({ id: positions.id })
    .from(positions)
    .where(
      and(
        sql`lower(${positions.name}) = lower(${name})`,
        isNull(positions.archivedAt),
        except ? ne(positions.id, except) : undefined,
      ),
    )
    .limit(1);
  if (taken)
    throw new AppError('CONFLICT', `A position is already called "${name}".`, [
      { field: 'name', error: 'Another position has this name' },
    ]);
}

/** A unique-index race (two adds at once) answers as the check would have. */
async function orConflict<T>(name: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
    if (code === '23505')
      throw new AppError('CONFLICT', `A position is already called "${name}".`, [
        { field: 'name', error: 'Another position has this name' },
      ]);
    throw err;
  }
}

/** HR adds a position, audited. @throws AppError FORBIDDEN, CONFLICT. */
export async function addPosition(opts: {
  db: Db;
  scope: ConsoleScope;
  name: string;
  ip: string;
}): Promise<ConsolePosition> {
  requireHr(opts.scope);
  await checkNameFree(opts.db, opts.name);
  const [row] = await orConflict(opts.name, () => opts.db.insert(positions).values({ name: opts.name }).returning());
  await audit(opts.db, {
    actor: `staff:${opts.scope.actorId}`,
    action: 'position.added',
    ip: opts.ip,
    details: { position_id: row!.id, name: opts.name },
  });
  return toWire(row!);
}

/**
 * HR renames, archives or brings back a position, audited. Bringing one back whose name an active
 * position has taken meanwhile is a conflict too.
 * @throws AppError FORBIDDEN, NOT_FOUND, CONFLICT.
 */
export async function updatePosition(opts: {
  db: Db;
  scope: ConsoleScope;
  positionId: string;
  change: { name?: string; archived?: boolean };
  ip: string;
}): Promise<ConsolePosition> {
  requireHr(opts.scope);
  const { db } = opts;
  const [before] = isUuid(opts.positionId)
    ? await db.select().from(positions).where(eq(positions.id, opts.positionId)).limit(1)
    : [];
  if (!before) throw new AppError('NOT_FOUND', POSITION_NOT_FOUND);
  const { name, archived } = opts.change;
  // Nothing asked: nothing to change or record.
  if (name === undefined && archived === undefined) return toWire(before);
  const activeAfter = archived === undefined ? before.archivedAt === null : !archived;
  if (activeAfter) await checkNameFree(db, name ?? before.name, before.id);
  const archivedAt = archived === undefined ? undefined : archived ? (before.archivedAt ?? new Date()) : null;
  const [row] = await orConflict(name ?? before.name, () =>
    db.update(positions).set({ name, archivedAt }).where(eq(positions.id, before.id)).returning(),
  );
  await audit(db, {
    actor: `staff:${opts.scope.actorId}`,
    action: 'position.changed',
    ip: opts.ip,
    details: {
      position_id: before.id,
      before: { name: before.name, archived: before.archivedAt !== null },
      change: opts.change,
    },
  });
  return toWire(row!);
}
