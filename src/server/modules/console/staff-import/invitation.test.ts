import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shared/languages.js';
import { importInvitation } from './invitation.js';

const EMBEDDED = {
  publicUrl: 'https://staff.example.co.uk',
  brand: 'lantern-inns',
  oidc: { mode: 'embedded' },
} as never;
const EXTERNAL = {
  publicUrl: 'https://staff.example.co.uk',
  brand: 'lantern-inns',
  oidc: { mode: 'external' },
} as never;
const PERSON = { email: 'sam.taylor@example.com', forename: 'Sam', brand: null };
const LINK = 'https://staff.example.co.uk/set-password/abc123';
const EXPIRES = new Date('2026-12-11T12:00:00Z');

describe('the staff import’s invitation', () => {
  it('is today’s English, byte for byte, for someone with no language', () => {
    expect(importInvitation(EXTERNAL, PERSON)).toEqual({
      to: 'sam.taylor@example.com',
      subject: 'Lantern Inns: your team member portal is ready',
      text: [
        'Hi Sam,',
        '',
        'Lantern Inns now has a team member portal. In it you can check and update your details, show your',
        'team discount card, sign documents and answer surveys, on your phone or computer.',
        '',
        'Sign in at https://staff.example.co.uk/login with your work account, sam.taylor@example.com.',
        '',
        'If anything on it is wrong, tell your line manager.',
      ].join('\n'),
    });
    expect(importInvitation(EMBEDDED, PERSON, { link: LINK, expiresAt: EXPIRES }).text).toBe(
      [
        'Hi Sam,',
        '',
        'Lantern Inns now has a team member portal. In it you can check and update your details, show your',
        'team discount card, sign documents and answer surveys, on your phone or computer.',
        '',
        `First set your password here: ${LINK}`,
        '',
        'Then sign in at https://staff.example.co.uk/login with this email address, sam.taylor@example.com.',
        '',
        'If anything on it is wrong, tell your line manager.',
        '',
        'The link works until 11/12/2026. If it has expired, ask your manager to send a new one.',
        'Please do not forward this email: the link is yours alone.',
      ].join('\n'),
    );
  });

  it.each(LANGUAGES)('is in %s when the record has that language, with the link, address and date', (language) => {
    const mail = importInvitation(EMBEDDED, { ...PERSON, language }, { link: LINK, expiresAt: EXPIRES });
    expect(mail.subject).toContain('Lantern Inns');
    expect(mail.text).toContain(LINK);
    expect(mail.text).toContain('https://staff.example.co.uk/login');
    expect(mail.text).toContain('sam.taylor@example.com');
    expect(mail.text).toContain('11/12/2026');
    expect(mail.text).not.toMatch(/team member portal|First set your password|line manager/);
  });
});
