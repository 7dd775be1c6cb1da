/**
 * The parts every service function needs, built once per process: the database, the config, mail
 * and file storage. The API and the admin CLI (directly or through the control channel) share them.
 */
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from './config.js';
import type { Db } from './db/client.js';
import { createLocalFileStorage, type FileStorage } from './lib/file-storage.js';
import { createMailer, type Mailer } from './lib/mailer.js';

export interface Services {
  db: Db;
  config: AppConfig;
  mailer: Mailer;
  storage: FileStorage;
}

export function createServices(config: AppConfig, db: Db, log?: Pick<FastifyBaseLogger, 'info'>): Services {
  return {
    db,
    config,
    mailer: createMailer(config, log),
    storage: createLocalFileStorage(path.join(config.dataDir, 'files')),
  };
}
