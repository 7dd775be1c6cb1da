/**
 * A signed document's history as the signing certificate tells it (docs/product.md#signed-pdfs-and-evidence):
 * issued (by whom), link sent (the delivery's id, which the mail's `Message-ID` carries), first opened
 * (time, address, browser) and signed (time, address, browser, SHA-256 of what was shown). Gathered as
 * data here, apart from how a PDF draws it; HR's zip writes the same data as JSON beside each PDF.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { eq } from 'drizzle-orm';
import { deliveries, staff } from '@server/db/schema.js';
import { UK_TIME_ZONE } from '@server/lib/uk-days.js';
import type { Services } from '@server/services.js';
import type { DocumentRow } from './service.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** One step of a document's history; `at` is null when the step happened but its time is not known. */
export type DocumentHistoryEvent =
  | { event: 'issued'; at: Date; by: string }
  | { event: 'link_sent'; at: Date | null; deliveryId: string; with: 'own link' | 'onboarding invitation' }
  | { event: 'first_opened'; at: Date; ip: string | null; userAgent: string | null }
  | { event: 'signed'; at: Date; ip: string; userAgent: string; sha256: string; hashedWhat: string };

/** The signature being made, before the row records it; a signed row carries its own. */
export interface SigningNow {
  signedAt: Date;
  ip: string;
  userAgent: string;
}

/** What the SHA-256 of `row` was taken over, in words. */
export const hashedWhat = (row: Pick<DocumentRow, 'sourceFileId'>): string =>
  row.sourceFileId ? 'the PDF file shown' : 'the HTML text shown (UTF-8)';

/** Who issued a document, from its audit actor: the member's name and email, the admin CLI, or not recorded. */
async function issuerOf(services: Services, actor: string | null): Promise<string> {
  if (!actor) return 'not recorded';
  if (actor === 'admin-cli') return 'HR, with the admin command line';
  const staffId = /^staff:([0-9a-f-]{36})$/.exec(actor)?.[1];
  if (!staffId) return actor;
  const [person] = await services.db
    .select({ forename: staff.forename, surname: staff.surname, email: staff.emailAddress })
    .from(staff)
    .where(eq(staff.id, staffId))
    .limit(1);
  return person ? `${person.forename} ${person.surname} (${person.email})` : actor;
}

/**
 * The history of `row`, oldest first: the steps it has been through. With `signing`, the signature
 * being made now stands as the last step.
 */
export async function gatherDocumentHistory(opts: {
  services: Services;
  row: DocumentRow;
  signing?: SigningNow;
}): Promise<DocumentHistoryEvent[]> {
  const { services, row } = opts;
  const events: DocumentHistoryEvent[] = [
    { event: 'issued', at: row.createdAt, by: await issuerOf(services, row.issuedBy) },
  ];
  if (row.linkDeliveryId) {
    // Sent deliveries are deleted after 30 days; the id stays on the document, the time goes with the row.
    const [delivery] = await services.db
      .select({ sentAt: deliveries.sentAt, createdAt: deliveries.createdAt })
      .from(deliveries)
      .where(eq(deliveries.id, row.linkDeliveryId))
      .limit(1);
    events.push({
      event: 'link_sent',
      at: delivery ? (delivery.sentAt ?? delivery.createdAt) : null,
      deliveryId: row.linkDeliveryId,
      with: row.tokenHash ? 'own link' : 'onboarding invitation',
    });
  }
  if (row.firstOpenedAt) {
    events.push({
      event: 'first_opened',
      at: row.firstOpenedAt,
      ip: row.firstOpenedIp,
      userAgent: row.firstOpenedUserAgent,
    });
  }
  const signed =
    opts.signing ??
    (row.signedAt ? { signedAt: row.signedAt, ip: row.signerIp ?? '', userAgent: row.signerUserAgent ?? '' } : null);
  if (signed) {
    events.push({
      event: 'signed',
      at: signed.signedAt,
      ip: signed.ip,
      userAgent: signed.userAgent,
      sha256: row.documentSha256,
      hashedWhat: hashedWhat(row),
    });
  }
  return events;
}

/** A time as the certificate writes it: UK local time, with UTC beside it (`27/11/2026 14:03:12 UK time (2026-11-27T14:03:12.000Z UTC)`). */
export function ukAndUtc(at: Date): string {
  return `${dayjs(at).tz(UK_TIME_ZONE).format('DD/MM/YYYY HH:mm:ss')} UK time (${at.toISOString()} UTC)`;
}

/** One step as lines to print: a heading with its time, then its details. */
export interface HistoryLines {
  heading: string;
  details: string[];
}

const HEADINGS: Record<DocumentHistoryEvent['event'], string> = {
  issued: 'Issued',
  link_sent: 'Link sent',
  first_opened: 'First opened',
  signed: 'Signed',
};

/** `events` as the lines the signing certificate prints (any drawing code prints them in order). */
export function historyLines(events: DocumentHistoryEvent[]): HistoryLines[] {
  return events.map((ev) => {
    const heading = `${HEADINGS[ev.event]}: ${ev.at ? ukAndUtc(ev.at) : 'time no longer recorded'}`;
    switch (ev.event) {
      case 'issued':
        return { heading, details: [`By ${ev.by}`] };
      case 'link_sent':
        return {
          heading,
          details: [
            `Delivery ID ${ev.deliveryId}${ev.with === 'onboarding invitation' ? ', with the onboarding invitation' : ''}`,
          ],
        };
      case 'first_opened':
        return { heading, details: [`IP address ${ev.ip ?? 'not recorded'}`, `Browser ${ev.userAgent || 'not sent'}`] };
      case 'signed':
        return {
          heading,
          details: [
            `IP address ${ev.ip}`,
            `Browser ${ev.userAgent || 'not sent'}`,
            `SHA-256 of ${ev.hashedWhat}: ${ev.sha256}`,
          ],
        };
    }
  });
}

/** `events` as plain JSON (times in ISO UTC), for the evidence file HR's zip puts beside each signed PDF. */
export function historyJson(events: DocumentHistoryEvent[]): Record<string, unknown>[] {
  const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);
  return events.map(({ at, ...rest }) => ({
    ...Object.fromEntries(Object.entries(rest).map(([key, value]) => [snake(key), value])),
    at: at?.toISOString() ?? null,
    at_uk: at ? ukAndUtc(at) : null,
  }));
}
