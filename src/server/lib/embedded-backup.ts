/**
 * Backups of the embedded default (`admin backup --to DIR`, `admin restore --from DIR`;
 * docs/operations.md#backups-on-the-embedded-database). A backup is a folder:
 *
 * - `database.tar.gz` (and its SHA-256 in `database.tar.gz.sha256`): PGlite's own copy of its data
 *   folder (`dumpDataDir`), taken inside the process that holds the database while it serves (db/client.ts
 *   `snapshot`), in the form a new folder unpacks (db/pglite-template.ts);
 * - `files/<bucket>/<id>`: the stored files of `DATA_DIR/files`, copied after the database, so every file
 *   a row of the copy names is there (a file is stored before its row is written, and its row deleted
 *   before the file);
 * - `secrets.json`: the secrets the server runs with, as `DATA_DIR/secrets.json` holds them (the app
 *   secret, the encryption key and the previous ones, the embedded provider's signing keys), whether
 *   they came from that file or from the environment;
 * - `manifest.json`: what the folder holds, with the SHA-256 of every part, checked before a restore
 *   writes anything.
 *
 * The folder is written beside its final name and renamed into place, so a backup that stopped half way
 * leaves no folder that looks whole. Everything in it is owner-only: it holds the keys.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gzip } from 'node:zlib';
import { z } from 'zod';
import type { AppConfig } from '@server/config.js';
import { MIGRATIONS_DIR, openDatabase } from '@server/db/client.js';
import { staff } from '@server/db/schema.js';
import { AppError } from '@server/errors.js';
import { fieldKeyring } from './field-crypto.js';
import { checkFieldKeys, FieldKeyMismatchError } from './field-key-check.js';
import { restrictDataDir } from './data-dir-permissions.js';
import { givenSecrets, loadSecrets, type Secrets } from './secrets.js';
import { newestMigration } from '@server/db/migrations-journal.js';
import { pgliteVersion } from '@server/db/pglite-template.js';

const FORMAT = 'staffroom-embedded-backup';
const DATABASE_FILE = 'database.tar.gz';
const SECRETS_FILE = 'secrets.json';
const MANIFEST_FILE = 'manifest.json';
const FILES_DIR = 'files';
/** A stored file's key under `DATA_DIR/files`: `<bucket>/<uuid>` (lib/file-storage.ts). */
const STORED_KEY = /^[a-z0-9-]+\/[0-9a-f-]{36}$/;

const sha256Hex = z.string().regex(/^[0-9a-f]{64}$/);
const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.literal(1),
  createdAt: z.iso.datetime(),
  /** The PGlite version that wrote the database copy; another major version may not open it. */
  pglite: z.string(),
  /** The newest migration in the copy (drizzle's `when`): a restore by a newer build migrates it. */
  newestMigration: z.number().int(),
  database: z.object({ bytes: z.number().int().nonnegative(), sha256: sha256Hex }),
  secrets: z.object({
    sha256: sha256Hex,
    /** Key ids only (lib/field-crypto.ts), never a key: the one sealing, then the previous ones. */
    encryptionKeyIds: z.array(z.string()),
  }),
  files: z.array(z.object({ key: z.string().regex(STORED_KEY), bytes: z.number().int(), sha256: sha256Hex })),
});
type Manifest = z.infer<typeof manifestSchema>;

const digest = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Whether `dir` is missing or holds nothing. */
async function isEmptyOrMissing(dir: string): Promise<boolean> {
  try {
    return (await fs.readdir(dir)).length === 0;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return true;
    throw err;
  }
}

/** The keys of the stored files under `root` (`<bucket>/<uuid>`), skipping anything else (readiness probes). */
async function storedKeys(root: string): Promise<string[]> {
  let buckets: string[];
  try {
    buckets = await fs.readdir(root);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw err;
  }
  const keys: string[] = [];
  for (const bucket of buckets.sort()) {
    const stat = await fs.lstat(path.join(root, bucket));
    if (!stat.isDirectory()) continue;
    for (const name of (await fs.readdir(path.join(root, bucket))).sort()) {
      const key = `${bucket}/${name}`;
      if (STORED_KEY.test(key)) keys.push(key);
    }
  }
  return keys;
}

/** What a backup wrote, for the command to report. */
export interface BackupSummary {
  folder: string;
  databaseBytes: number;
  /**
   * Milliseconds from asking for the database copy to having it: its turn, the checkpoint and the
   * read, during which the server's queries waited (at most).
   */
  copyMs: number;
  files: number;
  fileBytes: number;
  /** Whether the files were copied (`DATA_DIR/files`), or are in an S3 bucket to back up on its own. */
  filesCopied: boolean;
  encryptionKeyId: string;
}

/**
 * Writes a backup of the embedded database, its stored files and its secrets to the folder `to`
 * (absolute; created; refused when it exists and holds anything), while the server serves.
 * `snapshot` is the open database's (db/client.ts).
 * @throws AppError CONFLICT when `to` is not empty, BAD_REQUEST when it cannot be written.
 */
export async function writeEmbeddedBackup(opts: {
  config: AppConfig;
  snapshot: () => Promise<Blob>;
  to: string;
}): Promise<BackupSummary> {
  const { config, to } = opts;
  if (!(await isEmptyOrMissing(to))) {
    throw new AppError('CONFLICT', `${to} is not empty: give a new folder for each backup.`);
  }
  const staging = path.join(path.dirname(to), `.${path.basename(to)}.partial-${randomBytes(4).toString('hex')}`);
  try {
    await fs.mkdir(staging, { recursive: true, mode: 0o700 });
  } catch (err) {
    throw new AppError('BAD_REQUEST', `Cannot write ${to}: ${(err as Error).message}`);
  }
  try {
    const takenAt = new Date().toISOString();
    const copying = performance.now();
    const snapshot = await opts.snapshot();
    const copyMs = Math.round(performance.now() - copying);
    const tar = new Uint8Array(await snapshot.arrayBuffer());
    // Compressed here, off the database's turn: queries waited only for the copy itself.
    const database = await promisify(gzip)(tar);
    const databaseSha = digest(database);
    await fs.writeFile(path.join(staging, DATABASE_FILE), database, { mode: 0o600 });
    await fs.writeFile(path.join(staging, `${DATABASE_FILE}.sha256`), `${databaseSha}\n`, { mode: 0o600 });

    const secrets = await effectiveSecrets(config);
    const keys = fieldKeyring(secrets.encryptionKey, secrets.previousEncryptionKeys);
    const secretsBytes = Buffer.from(JSON.stringify(secrets, null, 2));
    await fs.writeFile(path.join(staging, SECRETS_FILE), secretsBytes, { mode: 0o600 });

    const files: Manifest['files'] = [];
    const filesCopied = config.files.mode === 'local';
    if (filesCopied) {
      const root = path.join(config.dataDir, FILES_DIR);
      for (const key of await storedKeys(root)) {
        let bytes: Buffer;
        try {
          bytes = await fs.readFile(path.join(root, key));
        } catch (err) {
          // Removed since the database copy, with its row: the copy still has the row, which the
          // clean-up that removed it deletes again after a restore.
          if ((err as NodeJS.ErrnoException).code === 'ENOENT') continue;
          throw err;
        }
        await fs.mkdir(path.join(staging, FILES_DIR, path.dirname(key)), { recursive: true, mode: 0o700 });
        await fs.writeFile(path.join(staging, FILES_DIR, key), bytes, { mode: 0o600 });
        files.push({ key, bytes: bytes.length, sha256: digest(bytes) });
      }
    }

    const manifest: Manifest = {
      format: FORMAT,
      version: 1,
      createdAt: takenAt,
      pglite: await pgliteVersion(),
      newestMigration: await newestMigration(MIGRATIONS_DIR),
      database: { bytes: database.length, sha256: databaseSha },
      secrets: { sha256: digest(secretsBytes), encryptionKeyIds: keys.all.map((k) => k.id) },
      files,
    };
    await fs.writeFile(path.join(staging, MANIFEST_FILE), JSON.stringify(manifest, null, 2), { mode: 0o600 });
    // An empty folder given by the operator is replaced by the finished backup in one step.
    if (existsSync(to)) await fs.rmdir(to);
    await fs.rename(staging, to);
    return {
      folder: to,
      databaseBytes: database.length,
      copyMs,
      files: files.length,
      fileBytes: files.reduce((n, f) => n + f.bytes, 0),
      filesCopied,
      encryptionKeyId: keys.current.id,
    };
  } finally {
    await fs.rm(staging, { recursive: true, force: true });
  }
}

/** The secrets this configuration runs with: the environment's where it gives them, else `DATA_DIR/secrets.json`'s. */
async function effectiveSecrets(config: AppConfig): Promise<Secrets> {
  // The embedded provider's keys too: a restored server signs with them (its sessions stay valid).
  return loadSecrets(config.dataDir, givenSecrets(config, { providerKeys: true }));
}

/** Reads and checks a backup folder: its manifest, and every part against its SHA-256. */
async function readBackup(from: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = manifestSchema.parse(JSON.parse(await fs.readFile(path.join(from, MANIFEST_FILE), 'utf8')));
  } catch {
    throw new AppError(
      'BAD_REQUEST',
      `${from} is not a backup written by admin backup (no readable ${MANIFEST_FILE}).`,
    );
  }
  const damaged: string[] = [];
  const check = async (file: string, sha256: string) => {
    const bytes = await fs.readFile(path.join(from, file)).catch(() => undefined);
    if (!bytes || digest(bytes) !== sha256) damaged.push(file);
  };
  await check(DATABASE_FILE, manifest.database.sha256);
  await check(SECRETS_FILE, manifest.secrets.sha256);
  for (const f of manifest.files) await check(path.join(FILES_DIR, f.key), f.sha256);
  if (damaged.length) {
    throw new AppError(
      'BAD_REQUEST',
      `The backup in ${from} is damaged: ${damaged.slice(0, 5).join(', ')}${damaged.length > 5 ? ` and ${damaged.length - 5} more` : ''} missing or changed. Nothing was restored.`,
    );
  }
  return manifest;
}

/** What a restore did, for the command to report. */
export interface RestoreSummary {
  staff: number;
  files: number;
  encryptionKeyId: string;
  backedUpAt: string;
}

/**
 * Restores the backup in `from` into `config.dataDir`, which must be empty or missing: checks every part,
 * writes the secrets and files, unpacks the database (migrating it when this build is newer) and checks
 * that the configured keys open its sealed data. A restore that fails leaves the folder empty again.
 * @throws AppError CONFLICT when DATA_DIR holds anything or a database URL is set, BAD_REQUEST when the
 *   backup is damaged, cannot be opened or its data does not open with the configured keys.
 */
export async function restoreEmbeddedBackup(opts: { config: AppConfig; from: string }): Promise<RestoreSummary> {
  const { config, from } = opts;
  if (config.databaseUrl) {
    throw new AppError(
      'CONFLICT',
      'restore is for the embedded database: DATABASE_URL is set. Restore PostgreSQL with pg_restore (docs/operations.md#backups-on-postgresql).',
    );
  }
  const dataDir = config.dataDir;
  if (!(await isEmptyOrMissing(dataDir))) {
    throw new AppError(
      'CONFLICT',
      `DATA_DIR ${dataDir} is not empty: restore into a new, empty folder (and point DATA_DIR at it).`,
    );
  }
  const manifest = await readBackup(from);
  await restrictDataDir(dataDir);
  try {
    await fs.copyFile(path.join(from, SECRETS_FILE), path.join(dataDir, SECRETS_FILE));
    for (const f of manifest.files) {
      await fs.mkdir(path.join(dataDir, FILES_DIR, path.dirname(f.key)), { recursive: true, mode: 0o700 });
      await fs.copyFile(path.join(from, FILES_DIR, f.key), path.join(dataDir, FILES_DIR, f.key));
    }
    let unusable: Error | undefined;
    const database = await openDatabase({
      dataDir,
      pgliteTemplate: path.join(from, DATABASE_FILE),
      onTemplateUnusable: (err) => (unusable = err),
    });
    try {
      if (unusable) {
        const installed = await pgliteVersion();
        throw new AppError(
          'BAD_REQUEST',
          `The database in ${from} could not be opened (${unusable.message}); it was written by PGlite ${manifest.pglite}, this is ${installed}. Nothing was restored.`,
        );
      }
      const secrets = await effectiveSecrets(config);
      const keys = fieldKeyring(secrets.encryptionKey, secrets.previousEncryptionKeys);
      try {
        await checkFieldKeys({ db: database.db, keys });
      } catch (err) {
        if (!(err instanceof FieldKeyMismatchError)) throw err;
        throw new AppError('BAD_REQUEST', `${err.message} Nothing was restored.`);
      }
      const people = await database.db.$count(staff);
      return {
        staff: people,
        files: manifest.files.length,
        encryptionKeyId: keys.current.id,
        backedUpAt: manifest.createdAt,
      };
    } finally {
      await database.close();
    }
  } catch (err) {
    // Back to the empty folder it was: a half restore must not be started by mistake.
    for (const name of await fs.readdir(dataDir))
      await fs.rm(path.join(dataDir, name), { recursive: true, force: true });
    throw err;
  }
}
