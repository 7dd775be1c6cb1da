// @vitest-environment node
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '@server/config.js';
import { dataDirUses, opensDataDirAtStart } from './data-dir-uses.js';
import { givenSecrets, loadSecrets } from './secrets.js';

const SECRETS = { APP_SECRET: 'a'.repeat(40), ENCRYPTION_KEY: randomBytes(32).toString('base64') };
const EXTERNAL = { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'portal', OIDC_CLIENT_SECRET: 'secret' };
/** PostgreSQL, S3, SMTP and an SMS gateway: the production parts. */
const PRODUCTION_PARTS = {
  DATABASE_URL: 'postgres://staffroom@db.example.com/staffroom',
  FILE_STORAGE: 's3',
  S3_BUCKET: 'staffroom-files',
  SMTP_URL: 'smtp://mail.example.com:587',
  SMS_GATEWAY_URL: 'https://sms.example.com/send',
  SMS_GATEWAY_TOKEN: 'token',
};

const folders: string[] = [];
afterAll(() => {
  for (const dir of folders) fs.rmSync(dir, { recursive: true, force: true });
});
/** A DATA_DIR that does not exist yet, in a folder of its own. */
const missingDataDir = () => {
  const parent = fs.mkdtempSync(path.join(os.tmpdir(), 'staffroom-uses-'));
  folders.push(parent);
  return path.join(parent, 'data');
};

describe('what keeps files under DATA_DIR', () => {
  it('is every embedded part on the defaults', () => {
    const config = loadConfig({});
    expect(dataDirUses(config, givenSecrets(config, { providerKeys: true }))).toEqual([
      'database',
      'files',
      'secrets',
      'mail outbox',
      'text outbox',
    ]);
  });

  it('is nothing with the production parts, an external provider and the secrets given', () => {
    const config = loadConfig({ ...PRODUCTION_PARTS, ...SECRETS, ...EXTERNAL });
    const uses = dataDirUses(config, givenSecrets(config, { providerKeys: true }));
    expect(uses).toEqual([]);
    expect(opensDataDirAtStart(uses)).toBe(false);
  });

  it("needs the embedded provider's keys for its server, not for the admin CLI", () => {
    const config = loadConfig({ ...PRODUCTION_PARTS, ...SECRETS });
    expect(dataDirUses(config, givenSecrets(config, { providerKeys: true }))).toEqual(['secrets']);
    expect(dataDirUses(config, givenSecrets(config, { providerKeys: false }))).toEqual([]);
  });

  it('leaves the folder alone for an outbox until its first message', () => {
    const config = loadConfig({ ...PRODUCTION_PARTS, ...SECRETS, ...EXTERNAL, SMTP_URL: '' });
    const uses = dataDirUses(config, givenSecrets(config, { providerKeys: true }));
    expect(uses).toEqual(['mail outbox']);
    expect(opensDataDirAtStart(uses)).toBe(false);
  });
});

describe('loadSecrets', () => {
  it('neither reads nor writes secrets.json when the environment gives what the process needs', async () => {
    const dataDir = missingDataDir();
    const config = loadConfig({ ...SECRETS, ...EXTERNAL, DATA_DIR: dataDir });
    const secrets = await loadSecrets(dataDir, givenSecrets(config, { providerKeys: true }));
    expect(secrets).toMatchObject({ appSecret: SECRETS.APP_SECRET, encryptionKey: SECRETS.ENCRYPTION_KEY });
    expect(secrets.providerJwks).toBeUndefined();
    expect(fs.existsSync(dataDir)).toBe(false);
  });

  it('generates no signing key for a provider the process does not run', async () => {
    const dataDir = missingDataDir();
    const config = loadConfig({ ...EXTERNAL, DATA_DIR: dataDir });
    await loadSecrets(dataDir, givenSecrets(config, { providerKeys: true }));
    const stored = JSON.parse(fs.readFileSync(path.join(dataDir, 'secrets.json'), 'utf8')) as Record<string, unknown>;
    expect(Object.keys(stored).sort()).toEqual(['appSecret', 'encryptionKey']);
  });

  it('adds the signing key to a file made without one once the embedded provider needs it', async () => {
    const dataDir = missingDataDir();
    const config = loadConfig({ DATA_DIR: dataDir });
    const forCli = await loadSecrets(dataDir, givenSecrets(config, { providerKeys: false }));
    expect(forCli.providerJwks).toBeUndefined();
    const forServer = await loadSecrets(dataDir, givenSecrets(config, { providerKeys: true }));
    expect(forServer.providerJwks?.keys).toHaveLength(1);
    expect(forServer).toMatchObject({ appSecret: forCli.appSecret, encryptionKey: forCli.encryptionKey });
  });
});
