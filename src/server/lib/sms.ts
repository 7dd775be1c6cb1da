/**
 * Text messages (two-factor codes by SMS) behind one interface (docs/architecture.md#mail-and-text-messages).
 * The default writes each message to the outbox folder `DATA_DIR/outbox` as JSON with `kind: "sms"`,
 * next to the mail; with `SMS_GATEWAY_URL` set they go to an HTTP SMS gateway (createHttpSms).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { outboxDir } from './mailer.js';
import { loadPhoneNumbers } from './on-demand.js';

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

/** Milliseconds a gateway has to answer before the send counts as failed. */
const GATEWAY_TIMEOUT_MS = 10_000;

/**
 * An HTTP SMS gateway: `POST <url>` with `Authorization: Bearer <token>` and the JSON body
 * `{ "to": "+447911123456", "from": "<sender>", "text": "…" }`; any 2xx is accepted. The number is
 * sent in E.164 (UK numbers as members type them, `07911 123456`, become `+447911123456`). A proxy
 * or a small function translates this to a provider's own API (Twilio, Vonage, GOV.UK Notify).
 * @throws Error naming the status when the gateway refuses, or when it does not answer in 10 s.
 */
export function createHttpSms(opts: { url: string; token: string; from: string }, log?: Pick<FastifyBaseLogger, 'info'>): SmsSender {
  return {
    async send({ to, text }) {
      const { parsePhoneNumberFromString } = await loadPhoneNumbers();
      const number = parsePhoneNumberFromString(to, 'GB');
      // Possible rather than valid: the gateway has the last word on ranges (and Ofcom's drama numbers pass).
      if (!number?.isPossible()) throw new Error('the phone number is not possible');
      const res = await fetch(opts.url, {
        method: 'POST',
        headers: { authorization: `Bearer ${opts.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ to: number.number, from: opts.from, text }),
        signal: AbortSignal.timeout(GATEWAY_TIMEOUT_MS),
      });
      if (!res.ok) throw new Error(`the SMS gateway answered ${res.status}`);
      log?.info({ to: maskPhone(to) }, 'text message sent');
    },
  };
}
