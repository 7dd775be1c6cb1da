/**
 * Text messages (two-factor codes by SMS) behind one interface (docs/architecture.md#mail-and-text-messages).
 * The default writes each message to the outbox folder `DATA_DIR/outbox` as JSON with `kind: "sms"`,
 * next to the mail; with `SMS_GATEWAY_URL` set they go to an HTTP SMS gateway (createHttpSms).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { outboxDir, type Delivery } from './mailer.js';
import { toE164 } from './phone-numbers.js';

export interface SmsMessage {
  /** As the member entered it; the gateway adapter normalises. */
  to: string;
  text: string;
}

export interface SmsSender {
  /**
   * Sends one text message; `delivery.id` is the same on every try (the gateway's idempotency key,
   * the outbox file's name). @throws when it could not be sent; `permanent: true` on the error when
   * trying again cannot help (a number that is not possible, a 4xx about the message).
   */
  send(message: SmsMessage, delivery: Delivery): Promise<void>;
}

/** An error that another try cannot mend. */
const permanent = (message: string) => Object.assign(new Error(message), { permanent: true });

/** `07911 123456` → `*******3456`. */
export const maskPhone = (phone: string): string => phone.replace(/\s+/g, '').replace(/.(?=.{4})/g, '*');

export function createOutboxSms(dataDir: string, log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    async send({ to, text }, { id, createdAt: created }) {
      const createdAt = created.toISOString();
      await fs.mkdir(outboxDir(dataDir), { recursive: true, mode: 0o700 });
      const file = path.join(outboxDir(dataDir), `${createdAt.replace(/[:.]/g, '-')}-${id}-sms.json`);
      await fs.writeFile(file, JSON.stringify({ id, kind: 'sms', created_at: createdAt, to, text }, null, 2), {
        mode: 0o600,
      });
      log?.info({ to: maskPhone(to), file }, 'text message written to the outbox');
    },
  };
}

/** Milliseconds a gateway has to answer before the send counts as failed. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * An HTTP SMS gateway: `POST <url>` with `Authorization: Bearer <token>` and the JSON body
 * `{ "to": "+447911123456", "from": "<sender>", "text": "…" }` and an `Idempotency-Key` header that is
 * the same on every try of one message; any 2xx is accepted. The number is
 * sent in E.164 (UK numbers as members type them, `07911 123456`, become `+447911123456`). A proxy
 * or a small function translates this to a provider's own API (Twilio, Vonage, GOV.UK Notify).
 * @throws Error naming the status when the gateway refuses, or when it does not answer in 10 s.
 */
export function createHttpSms(
  opts: { url: string; token: string; from: string },
  log?: Pick<FastifyBaseLogger, 'info'>,
): SmsSender {
  return {
    async send({ to, text }, { id }) {
      const number = await toE164(to);
      if (!number) throw permanent('the phone number is not possible');
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json', 'idempotency-key': id },
        body: JSON.stringify({ to: number, from: opts.from, text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!res.ok) {
        const message = `the SMS gateway answered ${res.status}`;
        // 408 and 429 ask to come back later, and 401/403 are a token to fix: those are retried. Any other
        // 4xx is about the message, and will answer the same again.
        throw res.status >= 400 && res.status < 500 && ![401, 403, 408, 429].includes(res.status)
          ? permanent(message)
          : new Error(message);
      }
      log?.info({ to: maskPhone(to) }, 'text message sent');
    },
  };
}
