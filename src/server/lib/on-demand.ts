/**
 * Packages the server loads when a request first needs them, not at start-up
 * (docs/architecture.md#start-up-and-memory, decision 12): each costs start-up time and resident
 * memory, and most processes serve few or none of the requests that use it. The rest of the server
 * imports only their types statically (`import type`); `tests/repo/start-up-imports.test.ts` keeps
 * them off the start-up path.
 */

/**
 * A loader that runs `load` on its first call and shares the answer; a failed load is forgotten,
 * so the next call tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((err: unknown) => {
      pending = undefined;
      throw err;
    });
    return pending;
  };
}

/** Image decoding and re-encoding (libvips): uploads, selfies, signatures. */
export const loadSharp = lazy(async () => (await import('sharp')).default);

/** Sniffing an upload's type from its bytes. */
export const loadFileType = lazy(() => import('file-type'));

/** Phone number checks (a few hundred kilobytes of metadata): contact details and onboarding answers. */
export const loadPhoneNumbers = lazy(() => import('libphonenumber-js'));

/** YAML fieldset and survey files (HR imports). */
export const loadYaml = lazy(async () => (await import('yaml')).default);

/** The survey results CSV, streamed (csv-stringify's stream API). */
export const loadCsvStringify = lazy(() => import('csv-stringify'));

/** Small CSV files written whole (the payroll hand-off). */
export const loadCsvStringifySync = lazy(() => import('csv-stringify/sync'));

/** CSV files read whole (the staff import, a few megabytes at most). */
export const loadCsvParseSync = lazy(() => import('csv-parse/sync'));

/** Authenticator (TOTP) codes. */
export const loadOtp = lazy(() => import('otplib'));

/** argon2id password hashing (a native addon): sign-in and setting a password. */
export const loadArgon2 = lazy(() => import('@node-rs/argon2'));

/** SMTP, only when `SMTP_URL` is set. */
export const loadNodemailer = lazy(async () => (await import('nodemailer')).default);

/** Zip files written as they stream out (HR's download of signed documents). */
export const loadYazl = lazy(() => import('yazl'));
