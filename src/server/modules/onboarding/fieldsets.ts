/**
 * Onboarding fieldsets (docs/product.md#onboarding: `fieldset import`): parsed from JSON or YAML, validated with the
 * shared schema (docs/product.md#onboarding field definition + required), stored by name (importing a name again
 * replaces its fields; joiners already invited keep the copy they started with).
 */
import { desc, eq } from 'drizzle-orm';
import safeRegex from 'safe-regex2';
import { fieldsetSchema, type Fieldset } from '@shared/api/onboarding.js';
import type { Db } from '@server/db/client.js';
import { fieldsets } from '@server/db/schema.js';
import { audit } from '@server/lib/audit.js';
import { loadYaml } from '@server/lib/on-demand.js';
import { AppError } from '@server/errors.js';

/**
 * Parses and validates a fieldset file's text.
 * @throws AppError BAD_REQUEST listing every problem with its path (e.g. `fields.3.allowed_values`).
 */
export async function parseFieldset(text: string, filename: string): Promise<Fieldset> {
  const yaml = /\.ya?ml$/i.test(filename) ? await loadYaml() : undefined;
  let raw: unknown;
  try {
    raw = yaml ? yaml.parse(text) : JSON.parse(text);
  } catch (err) {
    throw new AppError(
      'BAD_REQUEST',
      `${filename} could not be read: ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`,
    );
  }
  const parsed = fieldsetSchema.safeParse(raw);
  const problems = parsed.success
    ? []
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
  // A pattern with nested repetition can take exponential time on a crafted answer (ReDoS).
  parsed.data?.fields.forEach((f, i) => {
    if (f.input_pattern !== null && !safeRegex(f.input_pattern)) {
      problems.push(
        `fields.${i}.input_pattern: may take exponential time on some answers (nested repetition); simplify it`,
      );
    }
  });
  if (problems.length)
    throw new AppError(
      'BAD_REQUEST',
      `${filename} is not a valid fieldset:\n${problems.map((p) => `  ${p}`).join('\n')}`,
    );
  return parsed.data!;
}

/** Stores a fieldset by name. @returns its id and whether it was new. */
export async function importFieldset(opts: {
  db: Db;
  fieldset: Fieldset;
  actor: string;
}): Promise<{ id: string; created: boolean }> {
  const { db, fieldset } = opts;
  return db.transaction(async (tx) => {
    const [existing] = await tx
      .select({ id: fieldsets.id })
      .from(fieldsets)
      .where(eq(fieldsets.name, fieldset.name))
      .limit(1);
    let id: string;
    if (existing) {
      await tx
        .update(fieldsets)
        .set({ fields: fieldset.fields, updatedAt: new Date() })
        .where(eq(fieldsets.id, existing.id));
      id = existing.id;
    } else {
      const [row] = await tx
        .insert(fieldsets)
        .values({ name: fieldset.name, fields: fieldset.fields })
        .returning({ id: fieldsets.id });
      id = row!.id;
    }
    await audit(tx, {
      actor: opts.actor,
      action: existing ? 'fieldset.updated' : 'fieldset.imported',
      details: { fieldset_id: id, name: fieldset.name, fields: fieldset.fields.length },
    });
    return { id, created: !existing };
  });
}

/**
 * The fieldset called `name`, or the most recently imported one when no name is given.
 * @throws AppError FIELDSET_NOT_FOUND when there is none.
 */
export async function findFieldset(db: Db, name?: string): Promise<typeof fieldsets.$inferSelect> {
  const [row] = name
    ? await db.select().from(fieldsets).where(eq(fieldsets.name, name)).limit(1)
    : await db.select().from(fieldsets).orderBy(desc(fieldsets.updatedAt)).limit(1);
  if (!row) {
    throw new AppError(
      'FIELDSET_NOT_FOUND',
      name ? `No fieldset is called "${name}".` : 'There is no onboarding fieldset yet.',
      undefined,
      { name },
    );
  }
  return row;
}
