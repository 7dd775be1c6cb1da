/**
 * A fresh production database set up from the admin CLI without the demo seed
 * (docs/product.md#staff-import): venues added and listed, then the people at work imported from a
 * CSV file, checked first with --dry-run, applied, applied again with nothing to change, and a file
 * with a refused row printed with its reason and imported not at all.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCli } from '@server/cli/run-cli.js';

let dataDir: string;
async function admin(...args: string[]) {
  let stdout = '';
  let stderr = '';
  const code = await runAdminCli(args, {
    env: { ...process.env, LOG_LEVEL: 'silent', DATA_DIR: dataDir, SEED_DEMO: 'never' },
    stdout: (text) => (stdout += text),
    stderr: (text) => (stderr += text),
  });
  return { code, stdout, stderr };
}

beforeAll(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'staffroom-import-cli-'));
});
afterAll(() => fs.rm(dataDir, { recursive: true, force: true }));

describe('staff import and venues from the CLI', () => {
  it('sets up venues on an empty database', async () => {
    expect((await admin('venue', 'list')).stdout).toContain('No venues yet');
    const added = await admin('venue', 'add', 'The Anchor, Bath');
    expect(added.code, added.stderr).toBe(0);
    expect(added.stdout).toMatch(/Added venue "The Anchor, Bath"/);
    const again = await admin('venue', 'add', 'The Anchor, Bath');
    expect(again.code).not.toBe(0);
    expect(again.stderr).toContain('A venue is already called "The Anchor, Bath".');
    const badBrand = await admin('venue', 'add', 'The Quay', '--brand', 'nope');
    expect(badBrand.code).toBe(2);
    expect((await admin('venue', 'list')).stdout).toMatch(/The Anchor, Bath {2}\(\w[\w-]*, 0 people\)/);
  });

  it('imports a file after a dry run, and the same file again changes nothing', async () => {
    const file = path.join(dataDir, 'people.csv');
    await fs.writeFile(
      file,
      'Forename,Surname,Email,Venue,Payroll ID,Start date\n' +
        'Ada,Lovelace,ada@example.com,"The Anchor, Bath",P1,01/02/2025\n' +
        'Alan,Turing,alan@example.com,"The Anchor, Bath",P2,2025-02-03\n',
    );
    const dry = await admin('staff', 'import', file, '--dry-run');
    expect(dry.code, dry.stderr).toBe(0);
    expect(dry.stdout).toContain('line 2  create    Ada Lovelace <ada@example.com>');
    expect(dry.stdout).toContain('2 to create, 0 to update, 0 unchanged, 0 refused.');
    expect(dry.stdout).toContain('Nothing was changed');

    const applied = await admin('staff', 'import', file, '--no-invitations');
    expect(applied.code, applied.stderr).toBe(0);
    expect(applied.stdout).toContain('Imported. No invitations were sent.');
    expect((await admin('venue', 'list')).stdout).toContain('2 people');

    const again = await admin('staff', 'import', file);
    expect(again.stdout).toContain('0 to create, 0 to update, 2 unchanged, 0 refused.');
  });

  it('prints a refused row with its reason and imports nothing', async () => {
    const file = path.join(dataDir, 'bad.csv');
    await fs.writeFile(
      file,
      'forename,surname,email,venue,start date\n' +
        'Grace,Hopper,grace@example.com,"The Anchor, Bath",01/03/2025\n' +
        'Edsger,Dijkstra,edsger@example.com,The Moon,45123\n',
    );
    const res = await admin('staff', 'import', file);
    expect(res.code).not.toBe(0);
    expect(res.stdout).toMatch(/line 3 {2}refused {3}Edsger Dijkstra <edsger@example.com>: Venue “The Moon”/);
    expect(res.stdout).toContain('45123 is a spreadsheet’s day number');
    expect(res.stderr).toContain('One row is refused, so nothing was imported');
    expect((await admin('venue', 'list')).stdout).toContain('2 people');
  });
});
