// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { migrationState } from './client.js';

/** A database answering the two questions migrationState asks. */
const database = (table: boolean, last: unknown) => async (text: string) =>
  text.includes('to_regclass') ? [{ exists: table }] : [{ last }];
const newest = async () => 1_795_000_000_000;

describe('migration state', () => {
  it('finds a new database without the migrations table', async () => {
    expect(await migrationState(database(false, null), newest)).toEqual({ exists: false, upToDate: false });
  });

  it('migrates a database that lacks the newest migration, or has none recorded', async () => {
    expect(await migrationState(database(true, 1_794_999_999_999), newest)).toEqual({ exists: true, upToDate: false });
    expect(await migrationState(database(true, null), newest)).toEqual({ exists: true, upToDate: false });
  });

  it('skips the migrator when the newest migration is recorded, whether the driver answers a number or a string', async () => {
    expect(await migrationState(database(true, 1_795_000_000_000), newest)).toEqual({ exists: true, upToDate: true });
    expect(await migrationState(database(true, '1795000000000'), newest)).toEqual({ exists: true, upToDate: true });
  });

  it('reads the newest migration from the committed journal', async () => {
    const state = await migrationState(database(true, Number.MAX_SAFE_INTEGER));
    expect(state.upToDate).toBe(true);
    expect((await migrationState(database(true, 0))).upToDate).toBe(false);
  });
});
