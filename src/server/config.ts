/**
 * Configuration, parsed once at boot from the environment with zod (epic-stack env.server.ts style).
 * Unset values fall back to the embedded defaults of docs/architecture.md; in production (`NODE_ENV=production`)
 * the secrets must come from the environment and a missing one stops the boot with the full list.
 */
import { BlockList, isIP } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { z } from 'zod';
import { BRAND_IDS, DEFAULT_BRAND_ID, type BrandId } from '@shared/brands.js';

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/** proxy-addr's names for address ranges, which Fastify's `trustProxy` list accepts besides addresses. */
const PROXY_RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** True for an IPv4 or IPv6 address, optionally with a network prefix (`10.0.0.0/8`), as Node's own parser reads it. */
function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  const family = isIP(address ?? '');
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  try {
    new BlockList().addSubnet(address!, Number(prefix), family === 4 ? 'ipv4' : 'ipv6');
    return true;
  } catch {
    return false;
  }
}

/**
 * TRUST_PROXY (docs/operations.md#behind-a-load-balancer): which hops in front of the server may name the
 * client in X-Forwarded-For. A hop count (`1` behind one nginx or one cloud balancer), or a comma-separated
 * list of the proxies' addresses or networks (`10.0.0.0/8, 192.168.1.5`, `loopback`); `false` or unset
 * for none. `true` is refused: trusting every hop lets a client choose its own address, because balancers
 * append the address they saw to whatever X-Forwarded-For the client sent.
 */
const trustProxySchema = z
  .string()
  .trim()
  .transform((value, ctx): false | number | string[] => {
    if (['', 'false', '0', 'no'].includes(value)) return false;
    if (['true', 'yes'].includes(value)) {
      ctx.addIssue({
        code: 'custom',
        message:
          'true trusts every hop, so a client can forge its own address: set the number of proxies in front of the server (1 behind one nginx or cloud load balancer) or their addresses or networks, comma-separated',
      });
      return z.NEVER;
    }
    if (/^\d+$/.test(value)) {
      const hops = Number(value);
      if (hops <= 10) return hops;
    }
    const entries = value.split(',').map((entry) => entry.trim());
    const bad = entries.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isAddressOrNetwork(entry));
    if (bad.length === 0) return entries;
    ctx.addIssue({
      code: 'custom',
      message: `must be a number of proxies (1 to 10) or proxy addresses or networks, comma-separated; not understood: ${bad.join(', ')}`,
    });
    return z.NEVER;
  });

/**
 * The package's own folder (this file is two folders below it as source, src/server, and built,
 * dist/server): what the server reads from disk is found from there, wherever it was started.
 */
const PACKAGE_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * DATABASE_URL: a `postgres://` or `postgresql://` URL naming a host (or a socket folder in `?host=`).
 * Anything else would reach the driver, which reads a bare word as a host name and fails far from
 * the setting. The value is never repeated in the message: it may hold a password.
 */
const databaseUrlSchema = z.string().refine((value) => {
  try {
    const url = new URL(value);
    return ['postgres:', 'postgresql:'].includes(url.protocol) && Boolean(url.hostname || url.searchParams.get('host'));
  } catch {
    return false;
  }
}, 'must be a PostgreSQL URL such as postgres://user:password@host:5432/database (the value is not shown: it may hold a password)');

/** Seconds as a setting may give them (fractions allowed), within `max`. */
const seconds = (max: number) => z.coerce.number().min(0).max(max);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrlSchema.optional(),
  DATABASE_CONNECT_TIMEOUT_S: seconds(3600).default(60),
  // Production waits for balancers to notice the failed readiness; a developer's Ctrl-C stops at once.
  SHUTDOWN_DRAIN_S: seconds(300).optional(),
  SHUTDOWN_GRACE_S: seconds(3600).default(10),
  CONSOLE_POOL_SIZE: z.coerce.number().int().min(0).max(50).default(0),
  BRAND: z.enum(BRAND_IDS).default(DEFAULT_BRAND_ID),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  APP_SECRET: z.string().min(32, 'APP_SECRET must be at least 32 characters').optional(),
  APP_SECRET_PREVIOUS: z.string().min(32, 'APP_SECRET_PREVIOUS must be at least 32 characters').optional(),
  OIDC_ISSUER: z.url().optional(),
  OIDC_CLIENT_ID: z.string().optional(),
  OIDC_CLIENT_SECRET: z.string().optional(),
  OIDC_STAFF_CLAIM: z.enum(['email', 'upn', 'preferred_username']).default('email'),
  /** A claim of the external provider that carries console roles (e.g. `groups`); unset: roles come from the console and CLI only. */
  OIDC_ROLE_CLAIM: z
    .string()
    .regex(/^[A-Za-z0-9_:./-]{1,100}$/, 'must be a claim name')
    .optional(),
  /** The value of OIDC_ROLE_CLAIM (or one of its values) that makes someone HR. */
  OIDC_HR_ROLE_VALUE: z.string().max(200).optional(),
  /** The value of OIDC_ROLE_CLAIM that makes someone a venue manager (their venues are set in the console). */
  OIDC_MANAGER_ROLE_VALUE: z.string().max(200).optional(),
  OIDC_PROVIDER_JWKS: z.string().optional(),
  SESSION_IDLE_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  SESSION_ABSOLUTE_HOURS: z.coerce.number().int().min(1).max(72).default(12),
  TRUST_PROXY: trustProxySchema.default(false),
  SIGN_IN_ATTEMPTS_PER_MINUTE: z.coerce.number().int().min(1).default(10),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  WEB_DIST_DIR: z.string().optional(),
  LINK_TOKEN_DAYS: z.coerce.number().int().min(1).max(90).default(14),
  TOKEN_LOOKUPS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  INVITES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(20),
  SMS_GATEWAY_URL: z.url().optional(),
  SMS_GATEWAY_TOKEN: z.string().optional(),
  SMS_FROM: z.string().max(11).default('Staffroom'),
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: z.url().optional(),
  S3_FORCE_PATH_STYLE: bool.default(false),
  S3_ACCESS_KEY_ID: z.string().optional(),
  S3_SECRET_ACCESS_KEY: z.string().optional(),
  UPLOAD_MB_PER_DAY: z.coerce.number().int().min(1).max(2000).default(100),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().default('Staffroom <no-reply@staffroom.invalid>'),
  DISCOUNT_WINDOW_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 7)
    .default(24),
  DVLA_API_KEY: z.string().optional(),
  DVLA_API_URL: z.url().default('https://driver-vehicle-licensing.api.gov.uk/vehicle-enquiry/v1/vehicles'),
  DVSA_MOT_API_KEY: z.string().optional(),
  DVSA_MOT_API_URL: z.url().default('https://history.mot.api.gov.uk/v1/trade/vehicles/registration'),
  DVSA_CLIENT_ID: z.string().optional(),
  DVSA_CLIENT_SECRET: z.string().optional(),
  DVSA_TOKEN_URL: z.url().optional(),
  DVSA_SCOPE: z.string().default('https://tapi.dvsa.gov.uk/.default'),
  /** A port of its own for `GET /metrics` (docs/operations.md#monitoring); unset: none. */
  METRICS_PORT: z.coerce.number().int().min(0).max(65535).optional(),
  /** The address METRICS_PORT listens on: this machine only unless a scraper elsewhere needs it. */
  METRICS_HOST: z.string().default('127.0.0.1'),
  /** The bearer token a scraper sends; alone, it serves `/metrics` on the main port. */
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters (openssl rand -hex 32)')
    .regex(/^[\x21-\x7e]+$/, 'METRICS_TOKEN must be printable ASCII without spaces')
    .optional(),
  // Retention periods (docs/product.md#retention): what starts each clock and why is in the schedule there.
  RETENTION_RIGHT_TO_WORK_YEARS: z.coerce.number().int().min(2).max(10).default(2),
  RETENTION_PAYROLL_YEARS: z.coerce.number().int().min(3).max(10).default(3),
  RETENTION_BANK_DETAILS_DAYS: z.coerce.number().int().min(0).max(400).default(30),
  RETENTION_DOCUMENTS_YEARS: z.coerce.number().int().min(6).max(15).default(6),
  RETENTION_VEHICLES_YEARS: z.coerce.number().int().min(0).max(15).default(6),
  RETENTION_SELFIE_DAYS: z.coerce.number().int().min(0).max(400).default(0),
  RETENTION_SURVEY_DAYS: z.coerce.number().int().min(0).max(400).default(0),
  // At least a day: the daily limit of two-factor tries counts the last 24 hours of challenges.
  RETENTION_SESSIONS_DAYS: z.coerce.number().int().min(1).max(90).default(1),
  RETENTION_SIGN_IN_DAYS: z.coerce.number().int().min(1).max(730).default(180),
  RETENTION_DELIVERIES_DAYS: z.coerce.number().int().min(1).max(400).default(30),
  /** A PKCS#12 file with the group's document-signing key and certificate chain; unset: one generated at first start. */
  SIGNING_CERTIFICATE_FILE: z.string().min(1).optional(),
  SIGNING_CERTIFICATE_PASSWORD: z.string().optional(),
  /** An RFC 3161 time-stamping authority for the seal's trusted time (PAdES B-T); unset: none. */
  TSA_URL: z.url().optional(),
  TSA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(3000),
  ENCRYPTION_KEY: z
    .string()
    .refine(
      (k) => Buffer.from(k, 'base64').length === 32,
      'must be 32 random bytes in base64 (openssl rand -base64 32)',
    )
    .optional(),
  ENCRYPTION_KEYS_PREVIOUS: z
    .string()
    .transform((list) =>
      list
        .split(',')
        .map((k) => k.trim())
        .filter(Boolean),
    )
    .refine(
      (keys) => keys.every((k) => Buffer.from(k, 'base64').length === 32),
      'must be a comma-separated list of keys, each 32 bytes in base64 (the ENCRYPTION_KEY values used before)',
    )
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** An OpenID client the embedded provider knows (by default only the portal itself). */
export interface ProviderClient {
  client_id: string;
  client_secret: string;
  redirect_uris: string[];
  /** Where the provider's end-session endpoint may send a signed-out browser (RP-Initiated Logout 1.0). */
  post_logout_redirect_uris?: string[];
}

export interface AppConfig {
  env: Env['NODE_ENV'];
  host: string;
  port: number;
  /** Origin the portal is reached at, no trailing slash, e.g. `http://localhost:3000`. */
  publicUrl: string;
  /** True when `publicUrl` is https: cookies get `Secure` and the `__Host-` prefix. */
  secureCookies: boolean;
  dataDir: string;
  /** PostgreSQL URL; unset means PGlite in `dataDir/db`. */
  databaseUrl?: string;
  /** How long a start waits for an unreachable PostgreSQL, trying again with back-off, before it gives up (ms). */
  databaseConnectTimeoutMs: number;
  /**
   * A stop on SIGTERM or SIGINT (docs/operations.md#stopping): readiness fails at once, the listener
   * keeps serving for `drainMs` while balancers notice, then closes; whatever is still open at
   * `graceMs` after the signal is cut and the process ends.
   */
  shutdown: { drainMs: number; graceMs: number };
  /** On PostgreSQL, the connections the console's reads have to themselves (db/client.ts); 0, the default, shares the main pool. */
  consolePoolSize: number;
  brand: BrandId;
  logLevel: Env['LOG_LEVEL'];
  /** Secret for HMACs (XSRF tokens, derived client secret). From env or `dataDir/secrets.json`. */
  appSecret?: string;
  /**
   * The APP_SECRET before a rotation (docs/operations.md#keys-and-secrets): what it signed is still
   * accepted until it expires; nothing new is signed with it.
   */
  appSecretPrevious?: string;
  oidc:
    | {
        mode: 'external';
        issuer: string;
        clientId: string;
        clientSecret: string;
        /** The claim that carries a member's email address (`OIDC_STAFF_CLAIM`, default `email`). */
        staffClaim: string;
        /**
         * Console roles from a claim (docs/product.md#console-roles): when set, each sign-in sets the role
         * the claim says, none when it says neither.
         */
        roleClaim?: { claim: string; hr?: string; manager?: string };
      }
    | {
        mode: 'embedded';
        clientId: string;
        jwks?: { keys: Record<string, unknown>[] };
        extraClients: ProviderClient[];
      };
  session: { idleMinutes: number; absoluteHours: number };
  /** Hops, or proxy addresses and networks, allowed to name the client (Fastify's `trustProxy`); false for none. */
  trustProxy: false | number | string[];
  /** Password attempts per minute for one email from one address (provider sign-in page). */
  signInAttemptsPerMinute: number;
  seedDemo: 'auto' | 'never';
  /** Folder of the built SPA (index.html). */
  webDistDir: string;
  /** Days an onboarding, contract or agreement link stays valid (docs/architecture.md#identity). */
  linkTokenDays: number;
  /** Link-token lookups per minute from one address (docs/architecture.md: lookups are rate-limited). */
  tokenLookupsPerMinute: number;
  /** Invitations the staff import lets the delivery queue send a minute (docs/product.md#staff-import). */
  invitesPerMinute: number;
  /** Text messages: the outbox folder (the embedded default), or an HTTP SMS gateway. */
  sms: { mode: 'outbox' } | { mode: 'gateway'; url: string; token: string; from: string };
  /** Where file bytes live: `DATA_DIR/files` (the embedded default) or S3-compatible object storage. */
  files:
    | { mode: 'local' }
    | {
        mode: 's3';
        bucket: string;
        region: string;
        endpoint?: string;
        forcePathStyle: boolean;
        credentials?: { accessKeyId: string; secretAccessKey: string };
      };
  /** Bytes one member may upload in 24 hours, across every upload route (docs/product.md#files). */
  uploadBytesPerDay: number;
  /** Mail: SMTP through nodemailer when `smtpUrl` is set, else the outbox folder `dataDir/outbox`. */
  mail: { smtpUrl?: string; from: string };
  /** Hours a team-discount code lasts before it changes by itself (docs/product.md#team-discount). */
  discountWindowHours: number;
  /**
   * Vehicle lookup: the DVLA Vehicle Enquiry Service and the DVSA MOT history API when their keys
   * are set, else the local fixture (`templates/vehicle-lookup.json`).
   */
  vehicleLookup:
    | { mode: 'fixture' }
    | {
        mode: 'government';
        dvla: { apiKey: string; url: string };
        mot?: { apiKey: string; url: string; clientId: string; clientSecret: string; tokenUrl: string; scope: string };
      };
  /** AES-256 key (base64) for data sealed at rest: bank details, authenticator secrets. From env or `dataDir/secrets.json`. */
  encryptionKey?: string;
  /**
   * Where Prometheus metrics are served (docs/operations.md#monitoring): `off` (the default: no
   * endpoint at all), on a port of their own (`port`, bound to `host`, the token required too when
   * set), or at `/metrics` on the main port behind a bearer `token`.
   */
  metrics:
    { mode: 'off' } | { mode: 'port'; port: number; host: string; token?: string } | { mode: 'token'; token: string };
  /**
   * How long each kind of personal data is kept (docs/product.md#retention): whole years or days from
   * the clock its row in the schedule names (mostly the end of access of a leaver), counted on the UK's
   * calendar. The minimums are the law's where one applies (right to work 2 years, payroll 3, contracts 6).
   */
  retention: RetentionPeriods;
  /**
   * Keys (base64) sealed values may still be under during a rotation (docs/operations.md#keys-and-secrets):
   * they open values, never seal new ones. Unset: none from the environment.
   */
  encryptionKeysPrevious?: string[];
  /**
   * The seal on signed PDFs (docs/operations.md#signed-documents): the signing key from a PKCS#12 file
   * (`SIGNING_CERTIFICATE_FILE`, read from where the server was started) or, unset, the one generated at
   * first start; and the time-stamping authority asked for a trusted time, with how long a signature
   * waits for it (ms).
   */
  seal: { pkcs12?: { file: string; password: string }; tsa?: { url: string; timeoutMs: number } };
}

/** The retention periods (docs/product.md#retention), each from its setting `RETENTION_*`. */
export interface RetentionPeriods {
  /** Right-to-work checks and their copies: years after access ended (Home Office: employment plus 2 years). */
  rightToWorkYears: number;
  /** NI number, date of birth and onboarding answers: years after the end of the tax year of leaving (HMRC: 3). */
  payrollYears: number;
  /** Bank details: days after the first payroll export made once access ended that held the leaver. */
  bankDetailsDays: number;
  /** Contracts and agreements with their evidence, and the staff record: years after access ended (Limitation Act 1980: 6). */
  documentsYears: number;
  /** Vehicles and their insurance documents: years after access ended (the group's default). */
  vehiclesYears: number;
  /** The profile picture: days after access ended. */
  selfieDays: number;
  /** Days after access ended at which survey answers stop naming their author. */
  surveyDays: number;
  /** Ended sessions and two-factor challenges: days after they ended. */
  sessionsDays: number;
  /** Sign-in history (the audit log's `sign-in.*` lines, with addresses): days. */
  signInDays: number;
  /** Sent or given-up messages of the delivery queue: days. */
  deliveriesDays: number;
}

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Configuration is invalid:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

/** True for a host name of this machine: where plain http is acceptable (tests, local set-ups). */
export const isLoopbackHost = (host: string): boolean => ['localhost', '127.0.0.1', '[::1]'].includes(host);

/**
 * Addresses that cannot work, each with the setting to change: the portal, its cookies (`__Host-`,
 * path `/`) and the embedded provider live at the root of PUBLIC_URL's origin; the relying party
 * talks to an external provider over https only (plain http is accepted for a loopback issuer, in
 * tests and local set-ups); and production answers over https, through a TLS proxy.
 */
function addressProblems(publicUrl: string, issuer: string | undefined, env: Env['NODE_ENV']): string[] {
  const problems: string[] = [];
  const url = new URL(publicUrl);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    problems.push('PUBLIC_URL: must start with https:// (or http:// for a local set-up)');
  } else if (url.pathname !== '/' || url.search || url.hash || url.username || url.password) {
    problems.push(
      `PUBLIC_URL: must be an origin only, like ${url.origin}: the portal is served at the root of its own host name`,
    );
  } else if (env === 'production' && url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    problems.push(
      'PUBLIC_URL: must be https:// in production (put a TLS proxy in front and set TRUST_PROXY to the number of proxies, e.g. 1)',
    );
  }
  if (issuer) {
    const at = new URL(issuer);
    if (at.protocol !== 'https:' && !(at.protocol === 'http:' && isLoopbackHost(at.hostname))) {
      problems.push('OIDC_ISSUER: must be an https:// address (http:// only for a provider on this machine)');
    }
  }
  return problems;
}

/**
 * Parses the environment into an AppConfig.
 * @throws ConfigError listing every missing or malformed variable.
 */
export function loadConfig(source: NodeJS.ProcessEnv = process.env): AppConfig {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(cleaned);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.') || 'env'}: ${i.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');

  problems.push(...addressProblems(publicUrl, e.OIDC_ISSUER, e.NODE_ENV));
  const external = e.OIDC_ISSUER || e.OIDC_CLIENT_ID || e.OIDC_CLIENT_SECRET;
  if (external && !(e.OIDC_ISSUER && e.OIDC_CLIENT_ID && e.OIDC_CLIENT_SECRET)) {
    problems.push('OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET must be set together');
  }
  let jwks: { keys: Record<string, unknown>[] } | undefined;
  if (e.OIDC_ROLE_CLAIM && !e.OIDC_HR_ROLE_VALUE && !e.OIDC_MANAGER_ROLE_VALUE) {
    problems.push('OIDC_ROLE_CLAIM: set OIDC_HR_ROLE_VALUE or OIDC_MANAGER_ROLE_VALUE (or both) with it');
  }
  if (e.OIDC_ROLE_CLAIM && !external) problems.push('OIDC_ROLE_CLAIM: only with an external provider (OIDC_ISSUER)');
  if (e.OIDC_PROVIDER_JWKS) {
    try {
      jwks = z
        .object({ keys: z.array(z.record(z.string(), z.unknown())).min(1) })
        .parse(JSON.parse(e.OIDC_PROVIDER_JWKS));
    } catch {
      problems.push('OIDC_PROVIDER_JWKS: must be a JSON Web Key Set with private keys ({"keys":[...]})');
    }
  }
  if (e.NODE_ENV === 'production') {
    if (!e.APP_SECRET) problems.push('APP_SECRET: required in production (32+ random characters)');
    if (!e.ENCRYPTION_KEY)
      problems.push(
        'ENCRYPTION_KEY: required in production (openssl rand -base64 32; keep it with the database backups)',
      );
    if (!e.DATABASE_URL) problems.push('DATABASE_URL: required in production (PostgreSQL)');
    if (!e.PUBLIC_URL) problems.push('PUBLIC_URL: required in production (https://...)');
    if (!external && !e.OIDC_PROVIDER_JWKS) {
      problems.push(
        'OIDC_PROVIDER_JWKS: required in production when the embedded provider is used (or set OIDC_ISSUER)',
      );
    }
  }
  const motVars = [e.DVSA_MOT_API_KEY, e.DVSA_CLIENT_ID, e.DVSA_CLIENT_SECRET, e.DVSA_TOKEN_URL];
  if (motVars.some(Boolean) && !motVars.every(Boolean)) {
    problems.push('DVSA_MOT_API_KEY, DVSA_CLIENT_ID, DVSA_CLIENT_SECRET and DVSA_TOKEN_URL must be set together');
  }
  // A previous key or secret means a rotation, which the current one from the environment starts.
  if (e.APP_SECRET_PREVIOUS && !e.APP_SECRET) problems.push('APP_SECRET_PREVIOUS: only with APP_SECRET (the new one)');
  if (e.ENCRYPTION_KEYS_PREVIOUS?.length && !e.ENCRYPTION_KEY) {
    problems.push('ENCRYPTION_KEYS_PREVIOUS: only with ENCRYPTION_KEY (the new key)');
  }
  if (e.SIGNING_CERTIFICATE_PASSWORD !== undefined && !e.SIGNING_CERTIFICATE_FILE) {
    problems.push('SIGNING_CERTIFICATE_PASSWORD: only with SIGNING_CERTIFICATE_FILE (the PKCS#12 file it opens)');
  }
  if (e.TSA_URL && !/^https?:$/.test(new URL(e.TSA_URL).protocol)) {
    problems.push('TSA_URL: must be an http:// or https:// address of an RFC 3161 time-stamping authority');
  }
  if (e.SMS_GATEWAY_URL && !e.SMS_GATEWAY_TOKEN) problems.push('SMS_GATEWAY_TOKEN: required with SMS_GATEWAY_URL');
  if (e.FILE_STORAGE === 's3' && !e.S3_BUCKET) problems.push('S3_BUCKET: required with FILE_STORAGE=s3');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY)) {
    problems.push(
      "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together (or neither, for the SDK's own credentials)",
    );
  }
  if (motVars.some(Boolean) && !e.DVLA_API_KEY) problems.push('DVLA_API_KEY: needed with the DVSA MOT settings');
  if (e.METRICS_PORT !== undefined && e.METRICS_PORT !== 0 && e.METRICS_PORT === e.PORT) {
    problems.push('METRICS_PORT: must differ from PORT (or unset it and set METRICS_TOKEN for /metrics on PORT)');
  }
  // A leaver's payroll records go with the onboarding that issued their contract: the contract must not go first.
  if (e.RETENTION_PAYROLL_YEARS + 1 > e.RETENTION_DOCUMENTS_YEARS) {
    problems.push(
      'RETENTION_DOCUMENTS_YEARS: must be at least RETENTION_PAYROLL_YEARS + 1 (payroll records count from the end of a tax year, up to a year after leaving)',
    );
  }
  const drainS = e.SHUTDOWN_DRAIN_S ?? (e.NODE_ENV === 'production' ? 2 : 0);
  if (drainS >= e.SHUTDOWN_GRACE_S) {
    problems.push(
      'SHUTDOWN_DRAIN_S: must be less than SHUTDOWN_GRACE_S, which leaves requests in flight the time between them',
    );
  }
  if (problems.length) throw new ConfigError(problems);

  return {
    env: e.NODE_ENV,
    host: e.HOST,
    port: e.PORT,
    // The origin as browsers write it (lower-case host, no default port), so every address built from
    // it matches the one the embedded provider is pinned to.
    publicUrl: new URL(publicUrl).origin,
    secureCookies: new URL(publicUrl).protocol === 'https:',
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databaseConnectTimeoutMs: Math.round(e.DATABASE_CONNECT_TIMEOUT_S * 1000),
    shutdown: { drainMs: Math.round(drainS * 1000), graceMs: Math.round(e.SHUTDOWN_GRACE_S * 1000) },
    consolePoolSize: e.CONSOLE_POOL_SIZE,
    brand: e.BRAND,
    logLevel: e.LOG_LEVEL,
    appSecret: e.APP_SECRET,
    appSecretPrevious: e.APP_SECRET_PREVIOUS,
    oidc: external
      ? {
          mode: 'external',
          issuer: e.OIDC_ISSUER!,
          clientId: e.OIDC_CLIENT_ID!,
          clientSecret: e.OIDC_CLIENT_SECRET!,
          staffClaim: e.OIDC_STAFF_CLAIM,
          roleClaim: e.OIDC_ROLE_CLAIM
            ? { claim: e.OIDC_ROLE_CLAIM, hr: e.OIDC_HR_ROLE_VALUE, manager: e.OIDC_MANAGER_ROLE_VALUE }
            : undefined,
        }
      : { mode: 'embedded', clientId: 'staffroom-portal', jwks, extraClients: [] },
    session: { idleMinutes: e.SESSION_IDLE_MINUTES, absoluteHours: e.SESSION_ABSOLUTE_HOURS },
    trustProxy: e.TRUST_PROXY,
    signInAttemptsPerMinute: e.SIGN_IN_ATTEMPTS_PER_MINUTE,
    seedDemo: e.SEED_DEMO,
    // The build beside the server's own files; a folder given is read from where the server was started.
    webDistDir: e.WEB_DIST_DIR ? path.resolve(e.WEB_DIST_DIR) : path.join(PACKAGE_ROOT, 'dist', 'web'),
    linkTokenDays: e.LINK_TOKEN_DAYS,
    tokenLookupsPerMinute: e.TOKEN_LOOKUPS_PER_MINUTE,
    invitesPerMinute: e.INVITES_PER_MINUTE,
    uploadBytesPerDay: e.UPLOAD_MB_PER_DAY * 1024 * 1024,
    sms: e.SMS_GATEWAY_URL
      ? { mode: 'gateway', url: e.SMS_GATEWAY_URL, token: e.SMS_GATEWAY_TOKEN!, from: e.SMS_FROM }
      : { mode: 'outbox' },
    files:
      e.FILE_STORAGE === 's3'
        ? {
            mode: 's3',
            bucket: e.S3_BUCKET!,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
          }
        : { mode: 'local' },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM },
    encryptionKey: e.ENCRYPTION_KEY,
    metrics:
      e.METRICS_PORT !== undefined
        ? { mode: 'port', port: e.METRICS_PORT, host: e.METRICS_HOST, token: e.METRICS_TOKEN }
        : e.METRICS_TOKEN
          ? { mode: 'token', token: e.METRICS_TOKEN }
          : { mode: 'off' },
    encryptionKeysPrevious: e.ENCRYPTION_KEYS_PREVIOUS,
    retention: {
      rightToWorkYears: e.RETENTION_RIGHT_TO_WORK_YEARS,
      payrollYears: e.RETENTION_PAYROLL_YEARS,
      bankDetailsDays: e.RETENTION_BANK_DETAILS_DAYS,
      documentsYears: e.RETENTION_DOCUMENTS_YEARS,
      vehiclesYears: e.RETENTION_VEHICLES_YEARS,
      selfieDays: e.RETENTION_SELFIE_DAYS,
      surveyDays: e.RETENTION_SURVEY_DAYS,
      sessionsDays: e.RETENTION_SESSIONS_DAYS,
      signInDays: e.RETENTION_SIGN_IN_DAYS,
      deliveriesDays: e.RETENTION_DELIVERIES_DAYS,
    },
    seal: {
      pkcs12: e.SIGNING_CERTIFICATE_FILE
        ? { file: path.resolve(e.SIGNING_CERTIFICATE_FILE), password: e.SIGNING_CERTIFICATE_PASSWORD ?? '' }
        : undefined,
      tsa: e.TSA_URL ? { url: e.TSA_URL, timeoutMs: e.TSA_TIMEOUT_MS } : undefined,
    },
    discountWindowHours: e.DISCOUNT_WINDOW_HOURS,
    vehicleLookup: e.DVLA_API_KEY
      ? {
          mode: 'government',
          dvla: { apiKey: e.DVLA_API_KEY, url: e.DVLA_API_URL },
          mot:
            e.DVSA_MOT_API_KEY && e.DVSA_CLIENT_ID && e.DVSA_CLIENT_SECRET && e.DVSA_TOKEN_URL
              ? {
                  apiKey: e.DVSA_MOT_API_KEY,
                  url: e.DVSA_MOT_API_URL,
                  clientId: e.DVSA_CLIENT_ID,
                  clientSecret: e.DVSA_CLIENT_SECRET,
                  tokenUrl: e.DVSA_TOKEN_URL,
                  scope: e.DVSA_SCOPE,
                }
              : undefined,
        }
      : { mode: 'fixture' },
  };
}
