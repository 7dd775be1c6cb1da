/**
 * Two-factor method type ids (docs/product.md#two-factor) as a plain constant, without zod, so the web can use it at
 * run time without pulling the schemas into its bundle. `api/two-factor.ts` re-exports it.
 */

/** Method type ids (docs/product.md#two-factor): 2 phone code (SMS), 3 authenticator app; anything else is an email code. */
export const TFA_TYPE = { email: 1, phone: 2, authenticator: 3 } as const;
