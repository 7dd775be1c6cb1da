/**
 * Secrets of the embedded defaults: generated once into `dataDir/secrets.json` (mode 0600) when the
 * environment does not give them (docs/architecture.md "secrets: generated once into DATA_DIR").
 * When it gives every one the process needs, the file is neither read nor written.
 */
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { AppConfig } from '@server/config.js';

export interface Secrets {
  /** HMAC key material for XSRF tokens and derived secrets. */
  appSecret: string;
  /**
   * The APP_SECRET before the last rotation (APP_SECRET_PREVIOUS): what was issued under it (discount
   * codes, download links, sign-in codes, XSRF tokens, the provider's cookies) stays good until it expires.
   */
  previousAppSecret?: string;
  /**
   * Private JWK set the embedded OpenID provider signs ID tokens with; absent when nothing asked for it
   * (an external provider, or the admin CLI) and the file holds none.
   */
  providerJwks?: { keys: Record<string, unknown>[] };
  /** AES-256 key (base64, 32 bytes) for fields sealed at rest. */
  encryptionKey: string;
  /** Keys (base64) that sealed values before a rotation (ENCRYPTION_KEYS_PREVIOUS): they open, never seal. */
  previousEncryptionKeys: string[];
}

/** What the environment gives; the rest comes from `secrets.json`. */
export interface GivenSecrets {
  appSecret?: string;
  previousAppSecret?: string;
  providerJwks?: Secrets['providerJwks'];
  encryptionKey?: string;
  previousEncryptionKeys?: string[];
  /** Whether this process signs with the embedded provider, so needs its keys (the server on the embedded default). */
  needsProviderJwks: boolean;
}

/** What the configuration gives. `providerKeys`: whether this process runs the embedded provider (the CLI does not). */
export function givenSecrets(config: AppConfig, { providerKeys }: { providerKeys: boolean }): GivenSecrets {
  const embedded = config.oidc.mode === 'embedded' ? config.oidc : undefined;
  return {
    appSecret: config.appSecret,
    previousAppSecret: config.appSecretPrevious,
    providerJwks: embedded?.jwks,
    encryptionKey: config.encryptionKey,
    previousEncryptionKeys: config.encryptionKeysPrevious,
    needsProviderJwks: providerKeys && Boolean(embedded),
  };
}

/** True when `given` lacks a secret the process needs, which `secrets.json` under DATA_DIR then supplies. */
export const needsSecretsFile = (given: GivenSecrets): boolean =>
  !given.appSecret || !given.encryptionKey || (given.needsProviderJwks && !given.providerJwks);

/**
 * The app secrets a signature or MAC is checked against: the current one, then the previous one of a
 * rotation when there is one (APP_SECRET_PREVIOUS). New ones are always made with the current.
 */
export function acceptedAppSecrets(s: { appSecret: string; previousAppSecret?: string }): string[] {
  return s.previousAppSecret ? [s.appSecret, s.previousAppSecret] : [s.appSecret];
}

function generateJwks(): Secrets['providerJwks'] {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as Record<string, unknown>;
  return { keys: [{ ...jwk, kid: randomBytes(8).toString('hex'), use: 'sig', alg: 'RS256' }] };
}

/**
 * Links `to` to `from` unless `to` exists (false then): several processes starting at once on one
 * folder each make secrets, and only the first to arrive keeps them; the others read its file.
 */
async function linkUnlessPresent(from: string, to: string): Promise<boolean> {
  try {
    await fs.link(from, to);
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/**
 * Returns the secrets, filling what `given` lacks from `dataDir/secrets.json` (created when absent).
 * The file's `previousEncryptionKeys` and `previousAppSecret` count only beside the file's own key and
 * secret: a key from the environment comes with its previous keys from the environment.
 */
export async function loadSecrets(dataDir: string, given: GivenSecrets): Promise<Secrets> {
  if (given.appSecret && given.encryptionKey && !needsSecretsFile(given)) {
    return {
      appSecret: given.appSecret,
      previousAppSecret: given.previousAppSecret,
      providerJwks: given.providerJwks,
      encryptionKey: given.encryptionKey,
      previousEncryptionKeys: given.previousEncryptionKeys ?? [],
    };
  }
  const file = path.join(dataDir, 'secrets.json');
  let stored: Partial<Secrets> = {};
  try {
    stored = JSON.parse(await fs.readFile(file, 'utf8')) as Partial<Secrets>;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const next = {
    ...stored,
    appSecret: stored.appSecret ?? randomBytes(32).toString('base64url'),
    providerJwks: stored.providerJwks ?? (given.needsProviderJwks ? generateJwks() : undefined),
    encryptionKey: stored.encryptionKey ?? randomBytes(32).toString('base64'),
  };
  if (!stored.appSecret || !stored.encryptionKey || (given.needsProviderJwks && !stored.providerJwks)) {
    await fs.mkdir(dataDir, { recursive: true });
    // Written whole beside the file, then put in place in one step, so no reader sees half a file.
    const draft = `${file}.${process.pid}.${randomBytes(6).toString('hex')}`;
    await fs.writeFile(draft, JSON.stringify(next, null, 2), { mode: 0o600 });
    try {
      if (Object.keys(stored).length) await fs.rename(draft, file);
      else if (!(await linkUnlessPresent(draft, file))) return loadSecrets(dataDir, given);
    } finally {
      await fs.rm(draft, { force: true });
    }
  }
  return {
    appSecret: given.appSecret ?? next.appSecret,
    previousAppSecret: given.appSecret
      ? given.previousAppSecret
      : (given.previousAppSecret ?? stored.previousAppSecret),
    providerJwks: given.providerJwks ?? next.providerJwks,
    encryptionKey: given.encryptionKey ?? next.encryptionKey,
    previousEncryptionKeys: given.encryptionKey
      ? (given.previousEncryptionKeys ?? [])
      : (given.previousEncryptionKeys ?? stored.previousEncryptionKeys ?? []),
  };
}
