/**
 * The server's gateway.texts in the member's language (docs/decisions/0069-member-language.md): a member whose
 * record says Polish gets their reminder in Polish, by mail to a real SMTP server and by text message
 * to a stand-in gateway, while the embedded provider's sign-in page follows the device's
 * `staffroom.language` cookie, its errors included, and is English without one.
 */
import dayjs from 'dayjs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { staff, vehicles } from '@server/db/schema.js';
import { todayInUk } from '@server/lib/uk-days.js';
import { runReminderSweep } from '@server/modules/reminders/index.js';
import { Browser, pressLogin } from './helpers/browser.js';
import { startSmsGateway, type SmsGateway } from './helpers/sms-gateway.js';
import { headerOf, startSmtpServer, type SmtpServer } from './helpers/smtp-server.js';
import { PORTAL } from './helpers/step-up.js';
import { createTestApp, DATABASES } from './helpers/test-app.js';

const JAMIE = 'jamie.patel@example.com';

/** A MIME header's value with its RFC 2047 encoded words (UTF-8, Q or B) decoded. */
const decodeHeader = (value: string) =>
  value.replace(/\?=\s+=\?/g, '?==?').replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_, encoding: string, text: string) =>
    encoding.toUpperCase() === 'B'
      ? Buffer.from(text, 'base64').toString('utf8')
      : Buffer.from(
          text
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  );

/** A single-part text mail's body, decoded from its transfer encoding. */
function decodeBody(raw: string): string {
  const split = raw.search(/\r?\n\r?\n/);
  const body = raw.slice(split).trim();
  const encoding = headerOf(raw.slice(0, split), 'Content-Transfer-Encoding')?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body, 'base64').toString('utf8');
  if (encoding !== 'quoted-printable') return body;
  const bytes = body
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return Buffer.from(bytes, 'latin1').toString('utf8').replace(/\r\n/g, '\n');
}

describe.each(DATABASES)('messages in the member’s language on %s', (kind) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let smtp: SmtpServer;
  let gateway: SmsGateway;

  beforeAll(async () => {
    smtp = await startSmtpServer();
    gateway = await startSmsGateway();
    t = await createTestApp(kind, {
      env: {
        SMTP_URL: smtp.url,
        MAIL_FROM: 'HR <hr@example.com>',
        SMS_GATEWAY_URL: gateway.url,
        SMS_GATEWAY_TOKEN: 'gateway-token',
        SMS_FROM: 'Lantern',
      },
    });
    await smtp.settled();
  });
  afterAll(async () => {
    await t?.dropAll();
    await smtp?.stop();
    await gateway?.stop();
  });

  it('mails and gateway.texts a member who reads Polish their MOT reminder in Polish, the date as DD/MM/YYYY', async () => {
    const db = t.app.database.db;
    const [jamie] = await db
      .update(staff)
      .set({ language: 'pl' })
      .where(eq(staff.emailAddress, JAMIE))
      .returning({ id: staff.id });
    const expiry = dayjs.utc(todayInUk()).add(20, 'day');
    await db.insert(vehicles).values({
      staffId: jamie!.id,
      registration: 'PL12ABC',
      make: 'SKODA',
      model: 'FABIA',
      colour: 'RED',
      fuelType: 'PETROL',
      motExpiryDate: expiry.format('YYYY-MM-DD'),
      motPassed: true,
    });
    // Noon in London, so the text message is not held for the quiet hours.
    const noon = new Date(`${todayInUk()}T12:00:00Z`);
    expect((await runReminderSweep({ services: t.app.services, now: noon })).vehicle_expiry).toBeGreaterThanOrEqual(1);
    await smtp.settled();

    const when = expiry.format('DD/MM/YYYY');
    const mail = smtp.received.find((m) => m.to.includes(JAMIE) && decodeBody(m.raw).includes('PL12ABC'));
    expect(mail).toBeDefined();
    expect(decodeHeader(headerOf(mail!.raw, 'Subject')!)).toBe(`Przegląd MOT pojazdu PL12ABC wygasa ${when}`);
    expect(decodeBody(mail!.raw)).toBe(
      'Dzień dobry Jamie,\n\n' +
        `Przegląd MOT (obowiązkowy brytyjski przegląd techniczny) pojazdu PL12ABC wygasa ${when}. ` +
        'Umów przegląd na czas, aby nadal rozliczać za ten pojazd kilometrówkę.',
    );
    expect(gateway.texts).toContainEqual(
      expect.objectContaining({
        to: '+447700900456',
        text: `MOT pojazdu PL12ABC wygasa ${when}: umów przegląd na czas, aby dalej rozliczać kilometrówkę.`,
      }),
    );
  });

  it('shows the sign-in page in the device’s language, wrong-password error included, and English without a choice', async () => {
    const b = new Browser({ [PORTAL]: t.app });
    const english = await pressLogin(b, PORTAL);
    expect(english.res?.body).toContain('<html lang="en-GB">');
    expect(english.res?.body).toContain('<h1>Sign in to Staffroom</h1>');
    expect(english.res?.body).toContain('<label for="password">Password</label>');

    b.jar(new URL(english.url).origin).set('staffroom.language', 'pl');
    const polish = await b.get(english.url);
    expect(polish.body).toContain('<html lang="pl">');
    expect(polish.body).toContain('<h1>Zaloguj się do Staffroom</h1>');
    expect(polish.body).toContain('<label for="password">Hasło</label>');
    expect(polish.body).not.toContain('Sign in');

    const action = new URL(/action="([^"]+)"/.exec(polish.body)![1]!, english.url).href;
    const wrong = await b.request('POST', action, {
      form: { email: 'sam.taylor@example.com', password: 'wrong-1234' },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.body).toContain('Adres e-mail i hasło do siebie nie pasują. Sprawdź je i spróbuj ponownie.');
    expect(wrong.body).toContain('<html lang="pl">');

    // A language the staff side does not have reads English.
    b.jar(new URL(english.url).origin).set('staffroom.language', 'de');
    const unknown = await b.request('POST', action, { form: { email: '', password: '' } });
    expect(unknown.body).toContain('<html lang="en-GB">');
    expect(unknown.body).toContain('Enter your email address and password.');
  });
});
