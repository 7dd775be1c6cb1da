/**
 * The sign-in invitation a person created by a staff import gets (docs/product.md#staff-import): they
 * already work for the group, so there is nothing to fill in or sign; the mail says what the portal is
 * and where to sign in, with which address. With the embedded provider they have no password yet, so
 * it carries their set-your-password link first (docs/decisions/0051-set-password-links.md).
 */
import type { AppConfig } from '@server/config.js';
import { serverTranslator } from '@server/i18n/messages.js';
import type { MailMessage } from '@server/lib/mailer.js';
import { linkMailFooter } from '@server/modules/documents/index.js';
import { getBrand } from '@shared/brands.js';

/**
 * The invitation to `person`, whose venue trades under `brand` (the portal's brand when none), in the
 * language on their record (English when none, as for anyone new); `passwordLink` is their
 * set-your-password link and its expiry, with the embedded provider.
 */
export function importInvitation(
  config: Pick<AppConfig, 'publicUrl' | 'brand' | 'oidc'>,
  person: { email: string; forename: string; brand: string | null; language?: string | null },
  passwordLink?: { link: string; expiresAt: Date },
): MailMessage {
  const brand = getBrand(person.brand ?? config.brand);
  const t = serverTranslator(person.language);
  const signIn = {
    loginUrl: `${config.publicUrl}/login`,
    account: config.oidc.mode === 'external' ? 'work' : 'email',
    email: person.email,
  };
  return {
    to: person.email,
    subject: t('importInvitation.subject', { brand: brand.name }),
    text: [
      t('mail.hi', { name: person.forename }),
      '',
      t('importInvitation.intro', { brand: brand.name }),
      '',
      ...(passwordLink
        ? [t('importInvitation.setPassword', { link: passwordLink.link }), '', t('importInvitation.thenSignIn', signIn)]
        : [t('importInvitation.signIn', signIn)]),
      '',
      t('importInvitation.somethingWrong'),
      ...(passwordLink ? ['', ...linkMailFooter(passwordLink.expiresAt, person.language)] : []),
    ].join('\n'),
  };
}
