import type { TfaMethod } from '@shared/api/two-factor.js';
import { TFA_TYPE } from '@shared/two-factor-types.js';
import type { MessageId, Translate } from '@web/i18n/i18n';

/** How a method delivers its code (docs/product.md#two-factor): type 2 phone, 3 authenticator, anything else email. */
export type MethodKind = 'email' | 'phone' | 'authenticator';

/** The kind of a method from its type id. */
export function methodKind(method: TfaMethod): MethodKind {
  const id = method.type?.id;
  if (id === TFA_TYPE.phone) return 'phone';
  if (id === TFA_TYPE.authenticator) return 'authenticator';
  return 'email';
}

const NAMES: Record<MethodKind, MessageId> = {
  email: 'twoFactor.methodEmail',
  phone: 'twoFactor.methodPhone',
  authenticator: 'twoFactor.methodAuthenticator',
};

const DESCRIPTIONS: Record<MethodKind, MessageId> = {
  email: 'twoFactor.methodEmailDescription',
  phone: 'twoFactor.methodPhoneDescription',
  authenticator: 'twoFactor.methodAuthenticatorDescription',
};

/**
 * The method's name and description to show. In English its type's own (the server's), the name by
 * its kind when the type has none; in another language both by its kind, as the server words them in
 * English only.
 */
export function methodTexts(
  method: TfaMethod,
  t: Translate,
  english: boolean,
): { name: string; description: string | undefined } {
  const kind = methodKind(method);
  const description = method.type?.description || undefined;
  if (english) return { name: method.type?.name || t(NAMES[kind]), description };
  return { name: t(NAMES[kind]), description: description && t(DESCRIPTIONS[kind]) };
}

/** The methods that can be used: set up and not deleted. */
export function usableMethods(methods: readonly TfaMethod[]): TfaMethod[] {
  return methods.filter((method) => method.setup_complete && !method.deleted);
}

/** The button that starts a check: codes are sent, an authenticator app shows its own. */
export function startLabel(kind: MethodKind, t: Translate): string {
  return kind === 'authenticator' ? t('twoFactor.continue') : t('twoFactor.sendCode');
}
