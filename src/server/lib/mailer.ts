/**
 * Outgoing mail (docs/architecture.md#embedded-defaults-and-production-parts): SMTP through nodemailer when `SMTP_URL` is set, else
 * the outbox folder `DATA_DIR/outbox`, one JSON file per message (nodemailer's JSON transport), so
 * a fresh machine needs no mail server and tests read the links from there. The log gets the
 * recipient (masked), the subject and the file, never the body: bodies carry link tokens.
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '@server/config.js';
import { lazy, loadNodemailer } from './on-demand.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
}

export interface Mailer {
  /** Sends (or files) one message. @throws when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
}

/** Sends a message; answers why it failed instead of throwing (for callers that still have a link to give). */
export async function trySend(mailer: Mailer, message: MailMessage): Promise<string | undefined> {
  try {
    await mailer.send(message);
    return undefined;
  } catch (err) {
    return err instanceof Error ? err.message : String(err);
  }
}

/** A message as the outbox keeps it. */
export interface OutboxEntry {
  id: string;
  created_at: string;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export const outboxDir = (dataDir: string): string => path.join(dataDir, 'outbox');

/** `jane.doe@example.com` → `j***@example.com`. */
export const maskEmail = (email: string): string => email.replace(/^(.).*(@.*)$/, '$1***$2');

export function createMailer(config: Pick<AppConfig, 'dataDir' | 'mail'>, log?: Pick<FastifyBaseLogger, 'info'>): Mailer {
  const { smtpUrl, from } = config.mail;
  if (smtpUrl) {
    const transport = lazy(async () => (await loadNodemailer()).createTransport(smtpUrl));
    return {
      async send(m) {
        await (await transport()).sendMail({ from, to: m.to, subject: m.subject, text: m.text, html: m.html });
        log?.info({ to: maskEmail(m.to), subject: m.subject }, 'mail sent');
      },
    };
  }
  const dir = outboxDir(config.dataDir);
  return {
    async send(m) {
      const entry: OutboxEntry = {
        id: randomUUID(),
        created_at: new Date().toISOString(),
        from,
        to: m.to,
        subject: m.subject,
        text: m.text,
        html: m.html ?? null,
      };
      await fs.mkdir(dir, { recursive: true, mode: 0o700 });
      // Time first so a directory listing reads in sending order.
      const file = path.join(dir, `${entry.created_at.replace(/[:.]/g, '-')}-${entry.id}.json`);
      await fs.writeFile(file, JSON.stringify(entry, null, 2), { mode: 0o600 });
      log?.info({ to: maskEmail(m.to), subject: m.subject, file }, 'mail written to the outbox');
    },
  };
}

/** Every mail in the outbox, oldest first (tests, and HR on the embedded default). */
export async function readOutbox(dataDir: string): Promise<OutboxEntry[]> {
  let names: string[];
  try {
    names = (await fs.readdir(outboxDir(dataDir))).filter((n) => n.endsWith('.json') && !n.endsWith('-sms.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(names.map(async (n) => JSON.parse(await fs.readFile(path.join(outboxDir(dataDir), n), 'utf8')) as OutboxEntry));
}
