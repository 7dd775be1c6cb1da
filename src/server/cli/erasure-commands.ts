/**
 * `erasures list` and `erasures reapply`: erasures on request made after a backup was taken, applied
 * again after it is restored (docs/operations.md#erasures-after-a-restore). The retention job's own
 * erasures need nothing: it works them out again from the restored records.
 */
import { z } from 'zod';
import { PERSONAL_DATA_KINDS, type PersonalDataKind } from '@shared/api/console/people.js';
import { AppError } from '@server/errors.js';
import { listErasuresOnRequest, reapplyErasures } from '@server/modules/housekeeping/index.js';
import type { AdminCommand } from './commands.js';

const since = z.iso.datetime({ offset: true, error: 'must be a time as ISO 8601, like 2026-11-27T02:00:00Z' });
const listSchema = z.object({ since });
/** A file read by the CLI (commands.ts `fileOption`, which this module cannot import while commands.ts imports it). */
const fileOption = z.object(
  { filename: z.string(), base64: z.string() },
  { error: (issue) => (issue.input === undefined ? 'is required' : 'must be a file') },
);
const reapplySchema = z.object({ file: fileOption, since: since.optional() });

const kindSchema = z.enum(PERSONAL_DATA_KINDS);
/**
 * One line of the file: as `erasures list` prints it (`at`, `staff_id`, `kind`), or Staffroom's own log
 * line "erased on request" (`time` in milliseconds, `staff_id`, `kinds`). Any other line is not one.
 */
const lineSchema = z.union([
  z.object({ at: z.iso.datetime({ offset: true }), staff_id: z.uuid(), kind: kindSchema }),
  z.object({
    time: z.number(),
    staff_id: z.uuid(),
    kinds: z.array(kindSchema).min(1),
    msg: z.literal('erased on request'),
  }),
]);

/** The erasures in `text` at or after `after`, and how many lines were not erasures. */
export function parseErasureLines(
  text: string,
  after?: Date,
): { entries: { staff_id: string; kind: PersonalDataKind }[]; other: number } {
  const entries: { staff_id: string; kind: PersonalDataKind }[] = [];
  let other = 0;
  for (const raw of text.split('\n')) {
    if (!raw.trim()) continue;
    let parsed: z.infer<typeof lineSchema> | undefined;
    try {
      parsed = lineSchema.safeParse(JSON.parse(raw)).data;
    } catch {
      parsed = undefined;
    }
    if (!parsed) {
      other++;
      continue;
    }
    const at = 'at' in parsed ? new Date(parsed.at) : new Date(parsed.time);
    if (after && at < after) continue;
    const kinds = 'kind' in parsed ? [parsed.kind] : parsed.kinds;
    for (const kind of kinds) entries.push({ staff_id: parsed.staff_id, kind });
  }
  return { entries, other };
}

export const ERASURE_COMMANDS: AdminCommand[] = [
  {
    name: 'erasures list',
    description:
      'Print the erasures made on request since a time, one JSON line each, to apply again with erasures reapply after restoring a backup from before it',
    options: [{ flags: '--since <time>', description: 'ISO 8601 time, e.g. when the backup was taken (required)' }],
    schema: listSchema,
    async run(ctx, o: z.output<typeof listSchema>) {
      for (const entry of await listErasuresOnRequest({ db: ctx.db, since: new Date(o.since) }))
        ctx.print(JSON.stringify(entry));
    },
  } satisfies AdminCommand<typeof listSchema>,
  {
    name: 'erasures reapply',
    description:
      'After restoring a backup, erase again what was erased on request since it was taken, from the lines of erasures list or Staffroom’s log',
    options: [
      {
        flags: '--file <file>',
        description: 'the output of erasures list, or Staffroom’s JSON log; other lines are passed over (required)',
        file: true,
      },
      { flags: '--since <time>', description: 'ISO 8601 time: only erasures at or after it (default: every one)' },
    ],
    schema: reapplySchema,
    async run(ctx, o: z.output<typeof reapplySchema>) {
      const text = Buffer.from(o.file.base64, 'base64').toString('utf8');
      const { entries, other } = parseErasureLines(text, o.since ? new Date(o.since) : undefined);
      if (!entries.length)
        throw new AppError('BAD_REQUEST', `${o.file.filename} holds no erasure on request to apply.`);
      const done = await reapplyErasures({ services: ctx.services, entries, actor: 'admin-cli' });
      ctx.print(
        `Erased again on request: ${done.people} ${done.people === 1 ? 'person' : 'people'}` +
          (done.skipped ? `; ${done.skipped} no longer on record, passed over` : '') +
          (other ? `; ${other} other lines of the file passed over` : '') +
          '.',
      );
      if (done.filesLeft)
        ctx.print(`The file storage did not delete ${done.filesLeft} erased files (their records are gone).`);
    },
  } satisfies AdminCommand<typeof reapplySchema>,
];
