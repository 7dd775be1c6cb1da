/**
 * The admin CLI, with and without a running server on the same PGlite folder, and on PostgreSQL.
 * Commands run in this process (`runAdminCli`, the CLI less its process wrapper); the help and the
 * busy-folder refusal run as HR runs them, in a process of their own.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '@server/cli/run-cli.js';
import { runCommand } from '@server/cli/run-command.js';
import { startControlChannel } from '@server/plugins/control-channel.js';
import { staff, venues } from '@server/db/schema.js';
import { Browser, signIn } from './helpers/browser.js';
import { createTestApp } from './helpers/test-app.js';

const run = promisify(execFile);
const CLI = [path.resolve('node_modules/tsx/dist/cli.mjs'), path.resolve('src/server/cli/index.ts')];

/** `npm run admin -- ...args` as HR runs it: a process of its own. Used where the process boundary is the point. */
async function spawnAdmin(env: Record<string, string>, ...args: string[]) {
  try {
    const { stdout, stderr } = await run(process.execPath, [...CLI, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent', ...env },
      timeout: 60_000,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The same CLI run in this process, so a test starts no process per command. */
async function admin(env: Record<string, string>, ...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(args, {
    env: { ...process.env, LOG_LEVEL: 'silent', ...env },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

const cleanup: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of cleanup) await c();
});

describe('admin CLI', () => {
  it('lists its commands with --help, run as its own process', async () => {
    const res = await spawnAdmin({}, '--help');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('seed-demo');
    expect(res.stdout).toContain('create-staff');
  });

  it('creates a staff member on a folder no server holds, then refuses a duplicate', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-cli-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const args = [
      'create-staff',
      '--forename',
      'Ava',
      '--surname',
      'Clarke',
      '--email',
      'Ava.Clarke@example.com',
      '--password',
      'Welcome123',
    ];
    const first = await admin({ DATA_DIR: dataDir }, ...args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Created staff member ava\.clarke@example\.com \([0-9a-f-]{36}\)$/m);
    const again = await admin({ DATA_DIR: dataDir }, ...args);
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('already exists');

    // The member can sign in with that password.
    const t = await createTestApp('pglite', { dataDir, seed: false });
    cleanup.push(() => t.close());
    const { user } = await signIn(
      new Browser({ 'http://localhost:3000': t.app }),
      'http://localhost:3000',
      'ava.clarke@example.com',
      'Welcome123',
    );
    expect(user.forename).toBe('Ava');
  });

  it('rejects bad options with a clear message and a non-zero exit', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-cli-'));
    cleanup.push(() => fs.rm(dataDir, { recursive: true, force: true }));
    const bad = await admin(
      { DATA_DIR: dataDir },
      'create-staff',
      '--forename',
      'A',
      '--surname',
      'B',
      '--email',
      'not-an-email',
      '--password',
      'short',
    );
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--email must be an email address');
    expect(bad.stderr).toContain('--password must be at least 8 characters');
    const missing = await admin({ DATA_DIR: dataDir }, 'create-staff', '--email', 'a@example.com');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--forename is required');
    expect(missing.stderr).toContain('--surname is required');
    const unknown = await admin({ DATA_DIR: dataDir }, 'fly-to-the-moon');
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/unknown command/i);
    const badDate = await admin(
      { DATA_DIR: dataDir },
      'create-staff',
      '--forename',
      'A',
      '--surname',
      'B',
      '--email',
      'a@example.com',
      '--date-of-birth',
      '12/03/1990',
    );
    expect(badDate.code).toBe(2);
    expect(badDate.stderr).toContain('--date-of-birth must be a date as YYYY-MM-DD');
  });

  it('hands the command to the running server instead of opening its PGlite folder', async () => {
    const t = await createTestApp('pglite', { seed: false });
    const control = await startControlChannel({
      dataDir: t.dataDir,
      log: t.app.log,
      run: ({ name, options }, output) => runCommand({ services: t.app.services, name, options, output }),
    });
    cleanup.push(async () => {
      await control.close();
      await t.dropAll();
    });
    const res = await admin({ DATA_DIR: t.dataDir }, 'seed-demo');
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    expect(res.stdout).toContain('sam.taylor@example.com');
    const rows = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, 'sam.taylor@example.com'));
    expect(rows).toHaveLength(1);
    // Idempotent: a second run changes nothing and succeeds.
    expect((await admin({ DATA_DIR: t.dataDir }, 'seed-demo')).code).toBe(0);
    // The four demo members and the demo joiner.
    expect(await t.app.database.db.select().from(staff)).toHaveLength(5);
  });

  it('imports a fieldset, invites a joiner and issues documents, reading files where HR runs it', async () => {
    const t = await createTestApp('pglite', { seed: false });
    const control = await startControlChannel({
      dataDir: t.dataDir,
      log: t.app.log,
      run: ({ name, options }, output) => runCommand({ services: t.app.services, name, options, output }),
    });
    cleanup.push(async () => {
      await control.close();
      await t.dropAll();
    });
    await t.app.database.db.insert(venues).values({ name: 'The Lantern, York', brand: 'lantern-inns' });
    const env = { DATA_DIR: t.dataDir };
    const imported = await admin(env, 'fieldset', 'import', 'templates/fieldsets/uk-hospitality-joiner.yaml');
    expect(imported.stderr).toBe('');
    expect(imported.stdout).toMatch(/^Imported fieldset "UK hospitality joiner" with 22 fields/);

    const invited = await admin(
      env,
      'invite',
      '--forename',
      'Noor',
      '--surname',
      'Ali',
      '--email',
      'noor.ali@example.com',
      '--venue',
      'The Lantern, York',
      '--position',
      'Chef de partie',
      '--start-date',
      '2026-12-07',
      '--contract-template',
      'templates/contract-of-employment.html',
    );
    expect(invited.stderr).toBe('');
    expect(invited.code).toBe(0);
    const lines = invited.stdout.trim().split('\n');
    expect(lines.at(-1)).toMatch(/^http:\/\/localhost:3000\/onboard\/[A-Za-z0-9_-]{43}$/);

    const issued = await admin(
      env,
      'agreement',
      'issue',
      '--staff',
      'noor.ali@example.com',
      '--template',
      'templates/agreements/tips-and-tronc-policy.html',
    );
    expect(issued.code).toBe(0);
    expect(issued.stdout.trim().split('\n').at(-1)).toMatch(/^http:\/\/localhost:3000\/agreement\/[A-Za-z0-9_-]{43}$/);
    const contract = await admin(
      env,
      'contract',
      'issue',
      '--staff',
      'noor.ali@example.com',
      '--template',
      'templates/contract-of-employment.html',
      '--title',
      'Updated contract',
    );
    expect(contract.stdout).toContain('Issued contract "Updated contract"');
    expect(contract.stdout.trim().split('\n').at(-1)).toMatch(/\/contract\/[A-Za-z0-9_-]{43}$/);

    const missing = await admin(
      env,
      'agreement',
      'issue',
      '--staff',
      'noor.ali@example.com',
      '--template',
      'no/such/file.html',
    );
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--template cannot read no/such/file.html: no such file');

    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-fieldset-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));
    const bad = path.join(dir, 'bad.json');
    await fs.writeFile(
      bad,
      JSON.stringify({
        name: 'Bad',
        fields: [
          { id: 1, name: 'pick', label: 'Pick', type: 'select' },
          { id: 2, name: 'Nope!', label: 'x', type: 'colour', dependent_field: 9, dependent_value: 'x' },
        ],
      }),
    );
    const refused = await admin(env, 'fieldset', 'import', bad);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('bad.json is not a valid fieldset');
    expect(refused.stderr).toContain('fields.1.name: must be lower-case letters, digits and _');
    expect(refused.stderr).toContain('fields.1.type: Invalid option');
    // Once each field is well formed, the fields are checked against each other.
    const inconsistent = path.join(dir, 'inconsistent.yaml');
    await fs.writeFile(
      inconsistent,
      'name: Bad\nfields:\n  - { id: 1, name: pick, label: Pick, type: select }\n  - { id: 1, name: other, label: Other, type: text, dependent_field: 7, dependent_value: x }\n',
    );
    const refusedToo = await admin(env, 'fieldset', 'import', inconsistent);
    expect(refusedToo.code).toBe(1);
    expect(refusedToo.stderr).toContain('fields.0.allowed_values: a select field needs allowed_values');
    expect(refusedToo.stderr).toContain('fields.1.id: id 1 is used twice');
    expect(refusedToo.stderr).toContain('fields.1.dependent_field: no other field has id 7');
  });

  it('writes survey results to the --csv file through the running server, and directly once it has stopped', async () => {
    const t = await createTestApp('pglite');
    const control = await startControlChannel({
      dataDir: t.dataDir,
      log: t.app.log,
      run: ({ name, options }, output) => runCommand({ services: t.app.services, name, options, output }),
    });
    cleanup.push(() => fs.rm(t.dataDir, { recursive: true, force: true }));
    await t.app.database.db.execute(sql`
      insert into survey_submissions (survey_id, answers, submitted_at)
      select 6, jsonb_build_object('11', 'Auditor ' || g, '13', E'line one\nline two'), timestamptz '2026-11-02Z' + g * interval '1 second'
      from generate_series(1, 1200) as g`);
    const expected = await runCommand({ services: t.app.services, name: 'survey results', options: { id: 6 } });
    const csv = `${expected.lines.join('\n')}\n`;
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-csv-'));
    cleanup.push(() => fs.rm(dir, { recursive: true, force: true }));

    const viaServer = path.join(dir, 'via-server.csv');
    const handed = await admin({ DATA_DIR: t.dataDir }, 'survey', 'results', '6', '--csv', viaServer);
    expect(handed.stderr).toBe('');
    expect(handed.stdout).toBe(`Wrote the CSV to ${viaServer}\n`);
    expect(await fs.readFile(viaServer, 'utf8')).toBe(csv);
    expect(csv.split('\n').length).toBeGreaterThan(2 * 1200);
    // Without --csv the same text goes to the screen.
    expect((await admin({ DATA_DIR: t.dataDir }, 'survey', 'results', '6')).stdout).toBe(csv);
    // An unknown survey: the message, and no file.
    const unknown = path.join(dir, 'unknown.csv');
    const refused = await admin({ DATA_DIR: t.dataDir }, 'survey', 'results', '999', '--csv', unknown);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('That survey was not found.\n');
    await expect(fs.access(unknown)).rejects.toThrow();

    await control.close();
    await t.close();
    const direct = path.join(dir, 'direct.csv');
    expect((await admin({ DATA_DIR: t.dataDir }, 'survey', 'results', '6', '--csv', direct)).code).toBe(0);
    expect(await fs.readFile(direct, 'utf8')).toBe(csv);
    const nowhere = await admin(
      { DATA_DIR: t.dataDir },
      'survey',
      'results',
      '6',
      '--csv',
      path.join(dir, 'no', 'such', 'folder.csv'),
    );
    expect(nowhere.code).toBe(1);
    expect(nowhere.stderr).toContain('no such folder');
  });

  it('refuses to open a folder another live process holds without a control channel', async () => {
    const t = await createTestApp('pglite', { seed: false });
    cleanup.push(() => t.dropAll());
    const res = await spawnAdmin({ DATA_DIR: t.dataDir }, 'seed-demo');
    expect(res.code).toBe(1);
    expect(res.stderr).toContain(`is in use by process ${process.pid}`);
  });

  it.runIf(process.env.TEST_DATABASE_URL)('connects directly on PostgreSQL', async () => {
    const t = await createTestApp('postgres', { seed: false });
    cleanup.push(() => t.dropAll());
    const res = await admin(
      { DATABASE_URL: t.databaseUrl!, DATA_DIR: t.dataDir },
      'create-staff',
      '--forename',
      'Pat',
      '--surname',
      'Lee',
      '--email',
      'pat.lee@example.com',
    );
    expect(res.code).toBe(0);
    const rows = await t.app.database.db.select().from(staff).where(eq(staff.emailAddress, 'pat.lee@example.com'));
    expect(rows).toHaveLength(1);
  });
});
