/**
 * Password hashing with argon2id (the @node-rs/argon2 default; OWASP Password Storage Cheat Sheet).
 * Hashes are PHC strings and interoperate with the `argon2` package.
 */
import { hash, verify } from '@node-rs/argon2';

/** A PHC-format argon2id hash of `password`. */
export const hashPassword = (password: string): Promise<string> => hash(password);

// Verified against when the account is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `phc`; with no hash, spends the same time and answers false. */
export async function verifyPassword(phc: string | null | undefined, password: string): Promise<boolean> {
  if (!phc) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(phc, password).catch(() => false);
}
