/**
 * Text messages (two-factor codes by SMS) behind one interface (docs/architecture.md: "an SMS gateway" in
 * production). The default writes each message to the outbox folder `DATA_DIR/outbox` as JSON with
 * `kind: "sms"`, next to the mail; a gateway adapter implements `SmsSender` the same way.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { outboxDir } from './mailer.js';

export interface SmsSender {
  /** Sends `text` to `to` (as entered by the member; the gateway normalises). */
  send(message: { to: string; text: string }): Promise<void>;
}

/** `07911 123456` → `*******3456`. */
export const maskPhone = (phone: string): string => phone.replace(/\s+/g, '').replace(/.(?=.{4})/g, '*');

export function createOutboxSms(dataDir: string, log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    async send({ to, text }) {
      const createdAt = new Date().toISOString();
      const id = randomUUID();
      await fs.mkdir(outboxDir(dataDir), { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir(dataDir), `${createdAt.replace(/[:.]/g, '-')}-${id}-sms.json`);
      await fs.writeFile(file, JSON.stringify({ id, kind: 'sms', created_at: createdAt, to, text }, null, 2), { mode: 0o600 });
      log?.info({ to: maskPhone(to), file }, 'text message written to the outbox');
    },
  };
}
