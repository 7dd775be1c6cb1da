/**
 * Outgoing mail (docs/architecture.md#embedded-defaults-and-production-parts): SMTP through nodemailer when `SMTP_URL` is set, else
 * the outbox folder `DATA_DIR/outbox`, one JSON file per message, so a fresh machine needs no mail
 * server and tests read the links from there. The log gets the recipient (masked), the subject and
 * the file, never the body: bodies carry link tokens. Services never call this directly: they queue
 * mail (lib/delivery-queue.ts), whose worker calls it, so a message is never lost.
 */
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

/** One delivery of a message: the same `id` on every try, so a resend can be recognised. */
export interface Delivery {
  id: string;
  createdAt: Date;
}

export interface Mailer {
  /**
   * Sends (or files) one message with the `Message-ID` `<id@host of PUBLIC_URL>` (RFC 5322 §3.6.4): a
   * resend after a crash carries the same one, and in the outbox it overwrites its own file.
   * @throws when the SMTP server refuses it (nodemailer's error, `responseCode` set for an SMTP answer).
   */
  send(message: MailMessage, delivery: Delivery): Promise<void>;
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

/** nodemailer waits minutes by default; a worker's lease (lib/delivery-queue.ts) is two. */
const SMTP_TIMEOUTS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 30_000 };

export function createMailer(
  config: Pick<AppConfig, 'dataDir' | 'mail' | 'publicUrl'>,
  log?: Pick<FastifyBaseLogger, 'info'>,
): Mailer {
  const { smtpUrl, from } = config.mail;
  const host = new URL(config.publicUrl).hostname;
  if (smtpUrl) {
    const transport = lazy(async () => (await loadNodemailer()).createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }));
    return {
      async send(m, delivery) {
        const messageId = `<${delivery.id}@${host}>`;
        await (
          await transport()
        ).sendMail({
          from,
          to: m.to,
          subject: m.subject,
          text: m.text,
          html: m.html,
          messageId,
          date: delivery.createdAt,
        });
        log?.info({ to: maskEmail(m.to), subject: m.subject, messageId }, 'mail sent');
      },
    };
  }
  const dir = outboxDir(config.dataDir);
  return {
    async send(m, delivery) {
      const entry: OutboxEntry = {
        id: delivery.id,
        created_at: delivery.createdAt.toISOString(),
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
    names = (await fs.readdir(outboxDir(dataDir)))
      .filter((n) => n.endsWith('.json') && !n.endsWith('-sms.json'))
      .sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (n) => JSON.parse(await fs.readFile(path.join(outboxDir(dataDir), n), 'utf8')) as OutboxEntry),
  );
}
