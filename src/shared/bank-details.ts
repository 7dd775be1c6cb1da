/**
 * UK bank details as a member types them (docs/product.md#banking): an 8-digit account number and a
 * 6-digit sort code, spaces and hyphens dropped. The one home of these rules: My Details' Banking save
 * and the onboarding answers of the same names (docs/product.md#field-definitions) both check with
 * them. Plain code, no zod: the web's onboarding form knows the two fields by these names.
 */

/** The onboarding answers that become the member's bank details (moved there when onboarding completes). */
export const BANK_ACCOUNT_FIELD = 'bank_account';
export const SORT_CODE_FIELD = 'sort_code';

/** The messages under a refused field. */
export const BANK_ACCOUNT_ERROR = 'Enter the 8-digit account number';
export const SORT_CODE_ERROR = 'Enter the 6-digit sort code, like 12-34-56';

const digitsOf = (typed: string, length: number): string | null => {
  const digits = typed.replace(/[\s-]/g, '');
  return new RegExp(`^\\d{${length}}$`).test(digits) ? digits : null;
};

/** The 8 digits of an account number as typed (`1234 5678`), or null when it is not one. */
export const bankAccountDigits = (typed: string): string | null => digitsOf(typed, 8);

/** The 6 digits of a sort code as typed (`12-34-56`, `12 34 56`, `123456`), or null when it is not one. */
export const sortCodeDigits = (typed: string): string | null => digitsOf(typed, 6);
