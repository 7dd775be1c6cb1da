/**
 * The sign-in invitation a person created by a staff import gets (docs/product.md#staff-import): they
 * already work for the group, so there is nothing to fill in or sign; the mail says what the portal is
 * and where to sign in, with which address.
 */
import type { AppConfig } from '@server/config.js';
import type { MailMessage } from '@server/lib/mailer.js';
import { getBrand } from '@shared/brands.js';

/** The invitation to `person`, whose venue trades under `brand` (the portal's brand when none). */
export function importInvitation(
  config: Pick<AppConfig, 'publicUrl' | 'brand' | 'oidc'>,
  person: { email: string; forename: string; brand: string | null },
): MailMessage {
  const brand = getBrand(person.brand ?? config.brand);
  // With the embedded provider an imported person has no password yet (docs/decisions/0047-staff-import.md).
  const how =
    config.oidc.mode === 'external'
      ? `with your work account, ${person.email}.`
      : `with this email address, ${person.email}.`;
  return {
    to: person.email,
    subject: `${brand.name}: your team member portal is ready`,
    text: [
      `Hi ${person.forename},`,
      '',
      `${brand.name} now has a team member portal. In it you can check and update your details, show your`,
      'team discount card, sign documents and answer surveys, on your phone or computer.',
      '',
      `Sign in at ${config.publicUrl}/login ${how}`,
      '',
      'If anything on it is wrong, tell your line manager.',
    ].join('\n'),
  };
}
