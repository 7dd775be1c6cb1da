import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages.js';
import { passwordLinkMail } from './service.js';

const CONFIG = { publicUrl: 'https://staff.example.co.uk', brand: 'lantern-inns' as const };
const PERSON = { email: 'sam.taylor@example.com', forename: 'Sam', brand: null };
const LINK = 'https://staff.example.co.uk/set-password/abc123';
const EXPIRES = new Date('2026-12-11T12:00:00Z');

describe('the password link mail', () => {
  it('is today’s English, byte for byte, for a member with no language', () => {
    expect(passwordLinkMail(CONFIG, { ...PERSON, language: null }, LINK, EXPIRES)).toEqual({
      to: 'sam.taylor@example.com',
      subject: 'Lantern Inns: set your password for the team member portal',
      text: [
        'Hi Sam,',
        '',
        'Here is your link to set a password for the Lantern Inns team member portal:',
        LINK,
        '',
        'Then sign in at https://staff.example.co.uk/login with this email address, sam.taylor@example.com.',
        '',
        'The link works until 11/12/2026. If it has expired, ask your manager to send a new one.',
        'Please do not forward this email: the link is yours alone.',
      ].join('\n'),
    });
  });

  it('is in Polish for a member who reads Polish, the link on a line of its own', () => {
    const mail = passwordLinkMail(CONFIG, { ...PERSON, language: 'pl' }, LINK, EXPIRES);
    expect(mail.subject).toBe('Lantern Inns: ustaw hasło do portalu pracowniczego');
    expect(mail.text).toBe(
      [
        'Cześć Sam,',
        '',
        'Oto Twój link do ustawienia hasła do portalu pracowniczego Lantern Inns:',
        LINK,
        '',
        'Następnie zaloguj się na https://staff.example.co.uk/login, podając ten adres e-mail: sam.taylor@example.com.',
        '',
        'Link działa do 11/12/2026. Jeśli wygasł, poproś kierownika o nowy.',
        'Nie przekazuj dalej tego e-maila: link jest tylko dla Ciebie.',
      ].join('\n'),
    );
  });

  it.each(LANGUAGES)('carries the link, the address and the date in %s', (language) => {
    const mail = passwordLinkMail(CONFIG, { ...PERSON, language }, LINK, EXPIRES);
    expect(mail.subject).toContain('Lantern Inns');
    expect(mail.text.split('\n')).toContain(LINK);
    expect(mail.text).toContain('sam.taylor@example.com');
    expect(mail.text).toContain('11/12/2026');
    expect(mail.text).not.toMatch(/Here is your link|Then sign in|The link works/);
  });
});
