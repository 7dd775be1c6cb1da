/**
 * The parts every service function needs, built once per process: the database, the config, the
 * delivery queue for mail and text messages, and file storage. The API and the admin CLI (directly
 * or through the control channel) share them.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
import type { AppConfig } from './config.js';
import type { Database, Db } from '@server/db/client.js';
import { createLocalFileStorage, type FileStorage } from '@server/lib/file-storage.js';
import { fieldKeyring, type FieldKeyring } from '@server/lib/field-crypto.js';
import { createDeliveryQueue, type DeliveryQueue } from '@server/lib/delivery-queue.js';
import type { AppMetrics } from '@server/lib/metrics.js';
import { createMailer } from '@server/lib/mailer.js';
import { givenSecrets, loadSecrets, type Secrets } from '@server/lib/secrets.js';
import { createLimiter } from '@server/lib/rate-limits.js';
import { createS3FileStorage } from '@server/lib/s3-file-storage.js';
import { createHttpSms, createOutboxSms } from '@server/lib/sms.js';
import { createDiscountQr, type DiscountQr } from '@server/lib/qr-cache.js';
import { createVehicleLookup, type VehicleLookup } from '@server/lib/vehicle-lookup.js';

export interface Services {
  db: Db;
  /** The console's reads: a small pool of their own on PostgreSQL, `db` otherwise (db/client.ts). */
  consoleDb: Db;
  config: AppConfig;
  /** Every mail and text message goes through it (lib/delivery-queue.ts). */
  deliveries: DeliveryQueue;
  storage: FileStorage;
  /** HMAC key material (XSRF, two-factor code hashes). */
  appSecret: string;
  /** The APP_SECRET before a rotation: what it signed is still accepted, nothing new is signed with it. */
  previousAppSecret?: string;
  /** The AES-256 keys of sealed fields, the current one sealing (lib/field-crypto.ts). */
  fieldKeys: FieldKeyring;
  /** Vehicle details and MOT by registration (fixture or DVLA/DVSA). */
  vehicleLookup: VehicleLookup;
  /** The discount card's QR images, drawn off the event loop once per code window. */
  discountQr: DiscountQr;
  /** KiB uploaded per member in the last day, in the shared rate-limit store (lib/rate-limits.ts). */
  uploadQuota: RateLimiterAbstract;
  /** The app's log, for what a service notices outside a request's answer (none in the standalone CLI). */
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

export function createServices(
  config: AppConfig,
  { db, consoleDb }: Pick<Database, 'db' | 'consoleDb'>,
  secrets: Pick<Secrets, 'appSecret' | 'previousAppSecret' | 'encryptionKey' | 'previousEncryptionKeys'>,
  log?: Pick<FastifyBaseLogger, 'info' | 'warn'>,
  metrics?: Pick<AppMetrics, 'failedDelivery'>,
): Services {
  const key = fieldKeyring(secrets.encryptionKey, secrets.previousEncryptionKeys);
  return {
    db,
    consoleDb,
    config,
    deliveries: createDeliveryQueue({
      db,
      fieldKeys: key,
      mailer: createMailer(config, log),
      sms: config.sms.mode === 'gateway' ? createHttpSms(config.sms, log) : createOutboxSms(config.dataDir, log),
      log,
      onFailedTry:
        metrics && ((channel, willRetry) => metrics.failedDelivery(channel, willRetry ? 'retrying' : 'gave_up')),
    }),
    storage:
      config.files.mode === 's3'
        ? createS3FileStorage(config.files)
        : createLocalFileStorage(path.join(config.dataDir, 'files')),
    appSecret: secrets.appSecret,
    previousAppSecret: secrets.previousAppSecret,
    fieldKeys: key,
    vehicleLookup: createVehicleLookup(config),
    discountQr: createDiscountQr(),
    uploadQuota: createLimiter(
      { db, kind: config.databaseUrl ? 'postgres' : 'pglite' },
      {
        name: 'upload-kib-per-member',
        points: Math.floor(config.uploadBytesPerDay / 1024),
        durationSeconds: 24 * 60 * 60,
      },
    ),
    log,
  };
}

/** Services for a process that is not the server (the admin CLI on PostgreSQL, or on a free PGlite folder). */
export async function createStandaloneServices(config: AppConfig, db: Db): Promise<Services> {
  const secrets = await loadSecrets(config.dataDir, givenSecrets(config, { providerKeys: false }));
  return createServices(config, { db, consoleDb: db }, secrets);
}
