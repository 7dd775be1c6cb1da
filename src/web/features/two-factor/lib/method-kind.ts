import type { TfaMethod } from '@shared/api/two-factor.js';
import { TFA_TYPE } from '@shared/two-factor-types.js';

/** How a method delivers its code (docs/product.md#two-factor): type 2 phone, 3 authenticator, anything else email. */
export type MethodKind = 'email' | 'phone' | 'authenticator';

/** The kind of a method from its type id. */
export function methodKind(method: TfaMethod): MethodKind {
  const id = method.type?.id;
  if (id === TFA_TYPE.phone) return 'phone';
  if (id === TFA_TYPE.authenticator) return 'authenticator';
  return 'email';
}

const FALLBACK_NAMES: Record<MethodKind, string> = {
  email: 'Email code',
  phone: 'Text message code',
  authenticator: 'Authenticator app',
};

/** The method's name to show: its type's name, or one by its kind when the type is missing. */
export function methodName(method: TfaMethod): string {
  return method.type?.name || FALLBACK_NAMES[methodKind(method)];
}

/** The methods that can be used: set up and not deleted. */
export function usableMethods(methods: readonly TfaMethod[]): TfaMethod[] {
  return methods.filter((method) => method.setup_complete && !method.deleted);
}

/** The button that starts a check: codes are sent, an authenticator app shows its own. */
export function startLabel(kind: MethodKind): string {
  return kind === 'authenticator' ? 'Continue' : 'Send code';
}
