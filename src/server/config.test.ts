// @vitest-environment node
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('runs on the embedded defaults with nothing set', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.publicUrl).toBe('http://localhost:3000');
    expect(c.databaseUrl).toBeUndefined();
    expect(c.oidc.mode).toBe('embedded');
    expect(c.brand).toBe('lantern-inns');
    expect(c.secureCookies).toBe(false);
    expect(c.session).toEqual({ idleMinutes: 30, absoluteHours: 12 });
  });

  it('refuses to start in production without real secrets, listing every one', () => {
    try {
      loadConfig({ NODE_ENV: 'production' });
      expect.unreachable();
    } catch (err) {
      expect(err).toBeInstanceOf(ConfigError);
      const text = (err as ConfigError).problems.join('\n');
      for (const name of ['APP_SECRET', 'ENCRYPTION_KEY', 'DATABASE_URL', 'PUBLIC_URL', 'OIDC_PROVIDER_JWKS'])
        expect(text).toContain(name);
    }
  });

  it('accepts production with an external provider', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      APP_SECRET: 'x'.repeat(40),
      ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
      DATABASE_URL: 'postgres://db/staffroom',
      PUBLIC_URL: 'https://staff.example.com/',
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'staffroom',
      OIDC_CLIENT_SECRET: 'secret',
    });
    expect(c.oidc.mode).toBe('external');
    expect(c.publicUrl).toBe('https://staff.example.com');
    expect(c.secureCookies).toBe(true);
    // Balancers get 2 s to notice a stopping instance's failed readiness.
    expect(c.shutdown).toEqual({ drainMs: 2000, graceMs: 10_000 });
  });

  it('wants the three OIDC variables together, a known brand and a short secret refused', () => {
    expect(() => loadConfig({ OIDC_ISSUER: 'https://login.example.com' })).toThrow(/must be set together/);
    expect(() => loadConfig({ BRAND: 'nope' })).toThrow(ConfigError);
    expect(() => loadConfig({ APP_SECRET: 'short' })).toThrow(/at least 32/);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ ENCRYPTION_KEY: 'too-short' })).toThrow(/32 random bytes/);
    const external = {
      OIDC_ISSUER: 'https://login.example.com',
      OIDC_CLIENT_ID: 'portal',
      OIDC_CLIENT_SECRET: 'secret',
    };
    expect(() => loadConfig({ ...external, OIDC_ROLE_CLAIM: 'groups' })).toThrow(
      /OIDC_HR_ROLE_VALUE or OIDC_MANAGER_ROLE_VALUE/,
    );
    expect(() => loadConfig({ OIDC_ROLE_CLAIM: 'groups', OIDC_HR_ROLE_VALUE: 'hr' })).toThrow(
      /only with an external provider/,
    );
    const roles = loadConfig({ ...external, OIDC_ROLE_CLAIM: 'groups', OIDC_HR_ROLE_VALUE: 'staffroom-hr' });
    expect(roles.oidc.mode === 'external' && roles.oidc.roleClaim).toEqual({
      claim: 'groups',
      hr: 'staffroom-hr',
      manager: undefined,
    });
  });

  it('takes the previous encryption keys and app secret of a rotation, only beside the new ones', () => {
    const [a, b] = [Buffer.alloc(32, 1).toString('base64'), Buffer.alloc(32, 2).toString('base64')];
    const c = Buffer.alloc(32, 3).toString('base64');
    const rotated = loadConfig({
      ENCRYPTION_KEY: c,
      ENCRYPTION_KEYS_PREVIOUS: ` ${a}, ${b} `,
      APP_SECRET: 'n'.repeat(40),
      APP_SECRET_PREVIOUS: 'o'.repeat(40),
    });
    expect(rotated.encryptionKeysPrevious).toEqual([a, b]);
    expect(rotated.appSecretPrevious).toBe('o'.repeat(40));
    expect(loadConfig({}).encryptionKeysPrevious).toBeUndefined();
    expect(() => loadConfig({ ENCRYPTION_KEY: c, ENCRYPTION_KEYS_PREVIOUS: `${a},too-short` })).toThrow(
      /ENCRYPTION_KEYS_PREVIOUS: must be a comma-separated list of keys/,
    );
    expect(() => loadConfig({ ENCRYPTION_KEYS_PREVIOUS: a })).toThrow(/only with ENCRYPTION_KEY/);
    expect(() => loadConfig({ APP_SECRET_PREVIOUS: 'o'.repeat(40) })).toThrow(/only with APP_SECRET/);
    expect(() => loadConfig({ APP_SECRET: 'n'.repeat(40), APP_SECRET_PREVIOUS: 'short' })).toThrow(/at least 32/);
  });

  it('stops on addresses that cannot work, naming the setting to change', () => {
    expect(() => loadConfig({ PUBLIC_URL: 'https://staff.example.com/portal' })).toThrow(
      /PUBLIC_URL: must be an origin only, like https:\/\/staff.example.com/,
    );
    expect(() => loadConfig({ PUBLIC_URL: 'ftp://staff.example.com' })).toThrow(
      /PUBLIC_URL: must start with https:\/\//,
    );
    expect(() => loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://staff.example.com' })).toThrow(
      /PUBLIC_URL: must be https:\/\/ in production/,
    );
    expect(() =>
      loadConfig({
        OIDC_ISSUER: 'http://login.example.com',
        OIDC_CLIENT_ID: 'staffroom',
        OIDC_CLIENT_SECRET: 'secret',
      }),
    ).toThrow(/OIDC_ISSUER: must be an https:\/\/ address/);
    expect(loadConfig({ PUBLIC_URL: 'https://Staff.Example.com:443/' }).publicUrl).toBe('https://staff.example.com');
    // An https portal works with or without a trusted proxy; a loopback issuer may be plain http.
    expect(loadConfig({ PUBLIC_URL: 'https://staff.example.com', TRUST_PROXY: 'false' }).secureCookies).toBe(true);
    expect(
      loadConfig({ OIDC_ISSUER: 'http://127.0.0.1:4000/oidc', OIDC_CLIENT_ID: 'a', OIDC_CLIENT_SECRET: 'b' }).oidc.mode,
    ).toBe('external');
  });
});

describe('metrics', () => {
  const token = 'a'.repeat(32);
  it('are off unless a port or a token is set, and on a port bind to loopback by default', () => {
    expect(loadConfig({}).metrics).toEqual({ mode: 'off' });
    expect(loadConfig({ METRICS_TOKEN: token }).metrics).toEqual({ mode: 'token', token });
    expect(loadConfig({ METRICS_PORT: '9464' }).metrics).toEqual({
      mode: 'port',
      port: 9464,
      host: '127.0.0.1',
      token: undefined,
    });
    expect(loadConfig({ METRICS_PORT: '9464', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token }).metrics).toEqual({
      mode: 'port',
      port: 9464,
      host: '0.0.0.0',
      token,
    });
  });

  it('refuses a short token, one with spaces, and the main port', () => {
    expect(() => loadConfig({ METRICS_TOKEN: 'short' })).toThrow(/METRICS_TOKEN must be at least 32/);
    expect(() => loadConfig({ METRICS_TOKEN: `${token} b` })).toThrow(/printable ASCII without spaces/);
    expect(() => loadConfig({ METRICS_PORT: '3000' })).toThrow(/METRICS_PORT: must differ from PORT/);
  });
});

describe('retention periods', () => {
  it('keep what the law asks by default, each from its own setting', () => {
    expect(loadConfig({}).retention).toEqual({
      rightToWorkYears: 2,
      payrollYears: 3,
      bankDetailsDays: 30,
      documentsYears: 6,
      vehiclesYears: 6,
      selfieDays: 0,
      surveyDays: 0,
      sessionsDays: 1,
      signInDays: 180,
      deliveriesDays: 30,
    });
    const longer = loadConfig({
      RETENTION_DOCUMENTS_YEARS: '8',
      RETENTION_PAYROLL_YEARS: '7',
      RETENTION_SIGN_IN_DAYS: '90',
    });
    expect(longer.retention).toMatchObject({ documentsYears: 8, payrollYears: 7, signInDays: 90 });
  });

  it('refuses a period shorter than the law, and payroll records outliving the contracts', () => {
    expect(() => loadConfig({ RETENTION_RIGHT_TO_WORK_YEARS: '1' })).toThrow(/RETENTION_RIGHT_TO_WORK_YEARS/);
    expect(() => loadConfig({ RETENTION_DOCUMENTS_YEARS: '5' })).toThrow(/RETENTION_DOCUMENTS_YEARS/);
    expect(() => loadConfig({ RETENTION_PAYROLL_YEARS: '6' })).toThrow(
      /RETENTION_DOCUMENTS_YEARS: must be at least RETENTION_PAYROLL_YEARS \+ 1/,
    );
  });
});

describe('TRUST_PROXY', () => {
  it("takes a hop count or the proxies' addresses and networks", () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,loopback, fd00::/8' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      'loopback',
      'fd00::/8',
    ]);
  });

  it('refuses true, which lets a client forge its address, saying what to set instead', () => {
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: true trusts every hop.*number of proxies/);
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY: true trusts every hop/);
  });

  it('names what it could not read', () => {
    expect(() => loadConfig({ TRUST_PROXY: '10.0.0.0/33' })).toThrow(/not understood: 10\.0\.0\.0\/33/);
    expect(() => loadConfig({ TRUST_PROXY: 'balancer.internal' })).toThrow(/not understood: balancer\.internal/);
    expect(() => loadConfig({ TRUST_PROXY: '50' })).toThrow(/TRUST_PROXY: must be a number of proxies \(1 to 10\)/);
  });
});

describe('the database, the build and stopping', () => {
  it('refuses a DATABASE_URL that is not a PostgreSQL URL, naming the setting and never its value', () => {
    for (const value of ['nonsense', 'mysql://root:hunter2-secret@db/staffroom', 'postgres://:hunter2-secret@/x']) {
      try {
        loadConfig({ DATABASE_URL: value });
        expect.unreachable();
      } catch (err) {
        expect(err).toBeInstanceOf(ConfigError);
        expect((err as ConfigError).message).toMatch(/DATABASE_URL: must be a PostgreSQL URL/);
        expect((err as ConfigError).message).not.toContain('hunter2');
        expect((err as ConfigError).message).not.toContain('nonsense');
      }
    }
    expect(loadConfig({ DATABASE_URL: 'postgres://staffroom:pw@db.internal:5432/staffroom' }).databaseUrl).toBe(
      'postgres://staffroom:pw@db.internal:5432/staffroom',
    );
    expect(loadConfig({ DATABASE_URL: 'postgresql:///staffroom?host=/var/run/postgresql' }).databaseUrl).toBeDefined();
  });

  it('waits 60 s for the database and stops within 10 s unless told otherwise, at once outside production', () => {
    const c = loadConfig({});
    expect(c.databaseConnectTimeoutMs).toBe(60_000);
    expect(c.shutdown).toEqual({ drainMs: 0, graceMs: 10_000 });
    const quick = loadConfig({ DATABASE_CONNECT_TIMEOUT_S: '1.5', SHUTDOWN_DRAIN_S: '0.5', SHUTDOWN_GRACE_S: '3' });
    expect(quick.databaseConnectTimeoutMs).toBe(1500);
    expect(quick.shutdown).toEqual({ drainMs: 500, graceMs: 3000 });
    expect(() => loadConfig({ SHUTDOWN_DRAIN_S: '10', SHUTDOWN_GRACE_S: '5' })).toThrow(
      /SHUTDOWN_DRAIN_S: must be less than SHUTDOWN_GRACE_S/,
    );
    expect(() => loadConfig({ DATABASE_CONNECT_TIMEOUT_S: 'soon' })).toThrow(/DATABASE_CONNECT_TIMEOUT_S/);
  });

  it("serves the build beside its own files, wherever it was started; a folder given is the start's", () => {
    const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
    expect(loadConfig({}).webDistDir).toBe(path.join(root, 'dist', 'web'));
    expect(loadConfig({ WEB_DIST_DIR: 'elsewhere/web' }).webDistDir).toBe(path.resolve('elsewhere/web'));
  });
});
