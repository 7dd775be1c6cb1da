/**
 * What keeps files under DATA_DIR, as the configuration decides (docs/operations.md#configuration):
 * only the embedded parts. On PostgreSQL, with S3, SMTP, an SMS gateway and the secrets (and, with
 * the embedded provider, its keys) from the environment, nothing is, and the process writes nothing to
 * disk: it runs on a read-only file system with no DATA_DIR at all.
 */
import type { AppConfig } from '@server/config.js';
import { needsSecretsFile, type GivenSecrets } from './secrets.js';

/**
 * `database`: PGlite in `db/`, its lock and the admin control channel's file; `files`: uploads and
 * documents in `files/`; `secrets`: `secrets.json`, made when the environment lacks one; the outboxes:
 * mail and text messages written to `outbox/` instead of being sent.
 */
export type DataDirUse = 'database' | 'files' | 'secrets' | 'mail outbox' | 'text outbox';

/** Every part that keeps files under DATA_DIR with this configuration and these secrets, in that order. */
export function dataDirUses(
  config: Pick<AppConfig, 'databaseUrl' | 'files' | 'mail' | 'sms'>,
  secrets: GivenSecrets,
): DataDirUse[] {
  const uses: [DataDirUse, boolean][] = [
    ['database', !config.databaseUrl],
    ['files', config.files.mode === 'local'],
    ['secrets', needsSecretsFile(secrets)],
    ['mail outbox', !config.mail.smtpUrl],
    ['text outbox', config.sms.mode === 'outbox'],
  ];
  return uses.filter(([, used]) => used).map(([use]) => use);
}

/**
 * True when DATA_DIR must be there as the process starts (created and made owner-only then): for the
 * database, the files and the secrets. The outboxes make their folder with their first message, so a
 * server that never sends one to them never touches the disk.
 */
export const opensDataDirAtStart = (uses: DataDirUse[]): boolean =>
  uses.some((use) => use === 'database' || use === 'files' || use === 'secrets');
