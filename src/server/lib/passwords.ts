/**
 * Password hashing with argon2id (the @node-rs/argon2 default; OWASP Password Storage Cheat Sheet).
 * Hashes are PHC strings and interoperate with the `argon2` package.
 */
import { loadArgon2 } from './on-demand.js';

/** A PHC-format argon2id hash of `password`. */
export const hashPassword = async (password: string): Promise<string> => (await loadArgon2()).hash(password);

// Verified against when the account is unknown, so a wrong email costs the same time as a wrong password.
let dummyHash: Promise<string> | undefined;

/** True when `password` matches `phc`; with no hash, spends the same time and answers false. */
export async function verifyPassword(phc: string | null | undefined, password: string): Promise<boolean> {
  const { hash, verify } = await loadArgon2();
  if (!phc) {
    dummyHash ??= hash('not-a-real-password-0');
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(phc, password).catch(() => false);
}
