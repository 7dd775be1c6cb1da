import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages.js';
import { addressBudgetMessage } from '@server/identity/address-budget.js';
import { accountLockedMessage } from '@server/identity/account-lock.js';
import { linkMailFooter } from '@server/modules/documents/index.js';
import { SERVER_CATALOGUES, serverTranslator, type MessageValues, type ServerMessageId } from './messages.js';

const english = serverTranslator(null);
const EXPIRES = new Date('2026-12-11T12:00:00Z');
const LINK = 'https://staff.example.co.uk/contract/abc123';

/** Values for every placeholder of the catalogues, as the mails give them. */
const VALUES: MessageValues = {
  name: 'Sam',
  company: 'Lantern Inns',
  brand: 'Lantern Inns',
  date: '03/12/2026',
  when: '28/11/2026, 09:15:00',
  kind: 'contract',
  what: 'bank',
  account: 'email',
  title: 'Contract of employment',
  registration: 'AB12CDE',
  link: 'https://staff.example.co.uk/my-vehicles',
  loginUrl: 'https://staff.example.co.uk/login',
  email: 'sam.taylor@example.com',
  code: '123456',
  minutes: 15,
  failures: 10,
};
const IDS = Object.keys(SERVER_CATALOGUES['en-GB']) as ServerMessageId[];
const SMS: ServerMessageId[] = [
  'reminder.onboardingSms',
  'reminder.documentSms',
  'reminder.motExpiredSms',
  'reminder.motExpiresSms',
  'reminder.insuranceEndedSms',
  'reminder.insuranceEndsSms',
  'twoFactor.code',
];

const GSM_7 =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** How many parts a text message takes: 160/153 characters in GSM-7, 70/67 once any character needs UCS-2. */
function smsParts(text: string): number {
  const chars = [...text];
  if (chars.every((c) => GSM_7.includes(c))) return chars.length <= 160 ? 1 : Math.ceil(chars.length / 153);
  return chars.length <= 70 ? 1 : Math.ceil(chars.length / 67);
}

describe('the server’s messages for a member with no language', () => {
  it('are today’s English, byte for byte', () => {
    expect(linkMailFooter(EXPIRES)).toEqual([
      'The link works until 11/12/2026. If it has expired, ask your manager to send a new one.',
      'Please do not forward this email: the link is yours alone.',
    ]);
    expect(addressBudgetMessage(1)).toBe(
      'Too many sign-ins have failed from your network. Please wait 1 minute and try again.',
    );
    expect(addressBudgetMessage(12)).toBe(
      'Too many sign-ins have failed from your network. Please wait 12 minutes and try again.',
    );
    expect(accountLockedMessage()).toBe(
      'Too many wrong passwords for this email address. For your security, please wait 15 minutes and try again.',
    );
    expect(english('reminder.documentSubject', { kind: 'agreement', title: 'Lockers' })).toBe(
      'Please sign your agreement: Lockers',
    );
    expect(english('reminder.documentSms', { kind: 'contract', title: 'Lockers', date: '03/12/2026' })).toBe(
      'Your contract "Lockers" is waiting for your signature: use the link in our email of 03/12/2026.',
    );
    expect(english('changeNotice.subject', { what: 'email', brand: 'Lantern Inns' })).toBe(
      'Your email address changed on Lantern Inns Staffroom',
    );
    expect(english('changeNotice.text', { what: 'bank', when: '28/11/2026, 09:15:00' })).toBe(
      'Your bank details changed on Staffroom on 28/11/2026, 09:15:00 (UK time).\n\n' +
        "If this was you, there is nothing more to do. If this wasn't you, tell your manager straight away:\n" +
        'someone may be using your account, and your pay could go to the wrong place.',
    );
    expect(english('documentLink.text', { ...VALUES, kind: 'agreement', title: 'Lockers', link: LINK })).toBe(
      `Lantern Inns has an agreement for you to read and sign: Lockers.\n\nOpen this link on your phone or computer to read it and sign: ${LINK}`,
    );
    expect(english('twoFactor.code', { code: '123456', minutes: 10 })).toBe(
      'Your Staffroom code is 123456. It works for 10 minutes. Never share it: we will never ask you for it.',
    );
    expect(english('accountLock.text', { failures: 10, minutes: 15 })).toBe(
      'Someone has entered a wrong password for your Staffroom account 10 times, so signing in is paused for 15 minutes.\n\n' +
        "If it was you, wait and try again, or ask your manager to reset your password. If it wasn't, tell your manager: someone may be trying to get into your account.",
    );
  });

  it('are English for a language the server does not have', () => {
    expect(serverTranslator('de')('signIn.heading')).toBe('Sign in to Staffroom');
    expect(linkMailFooter(EXPIRES, 'xx')).toEqual(linkMailFooter(EXPIRES));
  });
});

describe.each(LANGUAGES)('the server’s messages in %s', (language) => {
  const t = serverTranslator(language);

  it('render every message with its values and none of its English', () => {
    for (const id of IDS) {
      const text = t(id, VALUES);
      expect(text, id).not.toMatch(/[{}]/);
      expect(text, id).not.toBe(english(id, VALUES));
      for (const value of [VALUES.name, VALUES.date, VALUES.registration, VALUES.link, VALUES.code, VALUES.email])
        if (english(id, VALUES).includes(String(value))) expect(text, id).toContain(String(value));
    }
  });

  it('keep the link’s date as DD/MM/YYYY', () => {
    expect(linkMailFooter(EXPIRES, language)[0]).toContain('11/12/2026');
  });

  it('keep text messages short: the sign-in code in two parts at most, reminders in three', () => {
    expect(smsParts(t('twoFactor.code', VALUES))).toBeLessThanOrEqual(2);
    for (const id of SMS) expect(smsParts(t(id, VALUES)), id).toBeLessThanOrEqual(3);
  });
});

it('writes each English text message in one part', () => {
  for (const id of SMS) expect(smsParts(english(id, VALUES)), id).toBe(1);
});
