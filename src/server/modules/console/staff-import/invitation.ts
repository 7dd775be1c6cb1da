/**
 * The sign-in invitation a person created by a staff import gets (docs/product.md#staff-import): they
 * already work for the group, so there is nothing to fill in or sign; the mail says what the portal is
 * and where to sign in, with which address. With the embedded provider they have no password yet, so
 * it carries their set-your-password link first (docs/decisions/0051-set-password-links.md).
 */
import type { AppConfig } from '@server/config.js';
import type { MailMessage } from '@server/lib/mailer.js';
import { linkMailFooter } from '@server/modules/documents/index.js';
import { getBrand } from '@shared/brands.js';

/**
 * The invitation to `person`, whose venue trades under `brand` (the portal's brand when none);
 * `passwordLink` is their set-your-password link and its expiry, with the embedded provider.
 */
export function importInvitation(
  config: Pick<AppConfig, 'publicUrl' | 'brand' | 'oidc'>,
  person: { email: string; forename: string; brand: string | null },
  passwordLink?: { link: string; expiresAt: Date },
): MailMessage {
  const brand = getBrand(person.brand ?? config.brand);
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
      ...(passwordLink
        ? [`First set your password here: ${passwordLink.link}`, '', `Then sign in at ${config.publicUrl}/login ${how}`]
        : [`Sign in at ${config.publicUrl}/login ${how}`]),
      '',
      'If anything on it is wrong, tell your line manager.',
      ...(passwordLink ? ['', ...linkMailFooter(passwordLink.expiresAt)] : []),
    ].join('\n'),
  };
}
