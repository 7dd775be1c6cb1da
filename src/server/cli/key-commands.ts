/**
 * `keys status` and `keys reseal`: the operator's side of an ENCRYPTION_KEY rotation
 * (docs/operations.md#keys-and-secrets). Both name keys by their ids only, never a key.
 */
import { z } from 'zod';
import type { FieldKeyring } from '@server/lib/field-crypto.js';
import { forgetOldKeyChecks } from '@server/lib/field-key-check.js';
import { countSealedByKey, RESEAL_BATCH, resealFields } from '@server/lib/reseal.js';
import type { AdminCommand } from './commands.js';

/** How `keys status` names a key id: current, previous, or neither (a key this process was not given). */
function keyRole(keys: FieldKeyring, kid: string | null): string {
  if (kid === null) return 'sealed before key ids (a configured key opens them)';
  if (kid === keys.current.id) return `${kid} (current)`;
  if (keys.all.some((k) => k.id === kid)) return `${kid} (previous)`;
  return `${kid} (not configured: these do not open)`;
}

const resealSchema = z.object({
  batch: z.coerce.number().int().min(1, 'must be at least 1').max(10_000, 'must be at most 10000').optional(),
});

export const KEY_COMMANDS: AdminCommand[] = [
  {
    name: 'keys status',
    description: 'Count the sealed values under each encryption key id, to know when a previous key can be dropped',
    options: [],
    schema: z.object({}),
    async run(ctx) {
      const keys = ctx.services.fieldKeys;
      const counts = await countSealedByKey(ctx.db);
      const byKey = new Map<string | null, number>(keys.all.map((k) => [k.id, 0]));
      for (const c of counts) byKey.set(c.kid, (byKey.get(c.kid) ?? 0) + c.count);
      ctx.print('Sealed values by encryption key id:');
      for (const [kid, count] of byKey) ctx.print(`  ${keyRole(keys, kid).padEnd(24)} ${count}`);
      for (const c of counts.filter((c) => c.kid !== keys.current.id)) {
        ctx.print(`    ${c.column}: ${c.count} under ${c.kid ?? 'a key from before key ids'}`);
      }
      const left = counts.filter((c) => c.kid !== keys.current.id).reduce((n, c) => n + c.count, 0);
      ctx.print(
        left
          ? `${left} values are not under the current key ${keys.current.id} yet: run keys reseal, and keep the previous keys until this says 0.`
          : `Every sealed value is under the current key ${keys.current.id}: ENCRYPTION_KEYS_PREVIOUS can be dropped.`,
      );
    },
  } satisfies AdminCommand<z.ZodObject<Record<string, never>>>,
  {
    name: 'keys reseal',
    description:
      'Re-seal every sealed value that is not under the current ENCRYPTION_KEY (safe while Staffroom runs; run again to resume)',
    options: [{ flags: '--batch <rows>', description: `rows re-sealed at a time (default ${RESEAL_BATCH})` }],
    schema: resealSchema,
    async run(ctx, o: z.output<typeof resealSchema>) {
      const keys = ctx.services.fieldKeys;
      ctx.print(`Re-sealing under the current key ${keys.current.id}…`);
      const report = await resealFields({
        db: ctx.db,
        keys,
        batchSize: o.batch,
        onBatch: (p) => ctx.print(`  ${p.column}: ${p.resealed} re-sealed so far`),
      });
      for (const p of report) {
        const extra = [
          p.unopened ? `${p.unopened} open with no configured key and were left as they are` : '',
          p.changedMeanwhile ? `${p.changedMeanwhile} were changed meanwhile (already under the current key)` : '',
        ].filter(Boolean);
        ctx.print(`${p.column}: ${p.resealed} re-sealed${extra.length ? `; ${extra.join('; ')}` : ''}.`);
      }
      const unopened = report.reduce((n, p) => n + p.unopened, 0);
      if (unopened) {
        ctx.print(
          `${unopened} values open with no configured key: list the key that sealed them in ENCRYPTION_KEYS_PREVIOUS and run keys reseal again (keys status names its id).`,
        );
        return;
      }
      // Counted again: an instance still sealing under an old key (not yet restarted) leaves values behind.
      const left = (await countSealedByKey(ctx.db)).filter((c) => c.kid !== keys.current.id);
      if (left.length) {
        ctx.print(
          'Some values were sealed under another key meanwhile: run keys reseal again once every instance runs with the new key.',
        );
        return;
      }
      const forgotten = await forgetOldKeyChecks({ db: ctx.db, keys });
      if (forgotten.length) {
        ctx.print(
          `A start with the old key (${forgotten.join(', ')}) now stops: its check value is gone with its data.`,
        );
      }
      ctx.print(`Done: every sealed value is under the current key ${keys.current.id}. keys status says the same.`);
    },
  },
];
