/**
 * `backup` and `restore`: the embedded database's backups (docs/operations.md#backups-on-the-embedded-database).
 * `backup` runs where the database is open (in the running server, through the control channel), so
 * the copy is taken while it serves; `restore` runs in the CLI alone, into an empty DATA_DIR.
 * On PostgreSQL both refuse and name pg_dump and pg_restore.
 */
import { z } from 'zod';
import { AppError } from '@server/errors.js';
import { restoreEmbeddedBackup, writeEmbeddedBackup } from '@server/lib/embedded-backup.js';
import type { AdminCommand } from './commands.js';

const folder = z
  .string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a folder') })
  .min(1, 'must be a folder');
const backupSchema = z.object({ to: folder });
const restoreSchema = z.object({ from: folder });

const MIB = 1024 * 1024;
const mib = (bytes: number) => `${(bytes / MIB).toFixed(1)} MiB`;

export const BACKUP_COMMANDS: AdminCommand[] = [
  {
    name: 'backup',
    description:
      'Copy the embedded database, its stored files and its secrets to a new folder, while Staffroom runs and serves',
    options: [
      {
        flags: '--to <folder>',
        description: 'a new or empty folder (required); it holds the keys, so keep it as safe as they are',
        folder: true,
      },
    ],
    schema: backupSchema,
    async run(ctx, o: z.output<typeof backupSchema>) {
      const snapshot = ctx.database?.snapshot;
      if (!snapshot) {
        throw new AppError(
          'CONFLICT',
          'backup is for the embedded database: DATABASE_URL is set, so back up with pg_dump (docs/operations.md#backups-on-postgresql).',
        );
      }
      const s = await writeEmbeddedBackup({ config: ctx.config, snapshot, to: o.to });
      ctx.print(
        `Database: ${mib(s.databaseBytes)} (compressed), copied in ${s.copyMs} ms (queries waited at most that long).`,
      );
      ctx.print(
        s.filesCopied
          ? `Files: ${s.files} (${mib(s.fileBytes)}).`
          : 'Files: none copied; they are in the S3 bucket (FILE_STORAGE=s3): back the bucket up with this folder.',
      );
      ctx.print(`Secrets: the app secret, the provider's keys and the encryption key ${s.encryptionKeyId}.`);
      ctx.print(`Backed up to ${s.folder}`);
    },
  } satisfies AdminCommand<typeof backupSchema>,
  {
    name: 'restore',
    description: 'Restore a folder written by backup into an empty DATA_DIR (no server running on it)',
    options: [{ flags: '--from <folder>', description: 'the folder backup wrote (required)', folder: true }],
    schema: restoreSchema,
    async runAlone(ctx, o: z.output<typeof restoreSchema>) {
      const s = await restoreEmbeddedBackup({ config: ctx.config, from: o.from });
      ctx.print(`Restored the backup of ${s.backedUpAt} into ${ctx.config.dataDir}:`);
      ctx.print(
        `  ${s.staff} people, ${s.files} stored files; the encryption key ${s.encryptionKeyId} opens the data.`,
      );
      ctx.print('Start Staffroom on this DATA_DIR, then check /api/ready and run keys status.');
    },
  } satisfies AdminCommand<typeof restoreSchema>,
];
