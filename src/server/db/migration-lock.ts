/**
 * The migration lock: a PostgreSQL session-level advisory lock (`pg_advisory_lock`) held on a
 * connection of its own around applying the migrations, so instances started at once on one
 * database migrate in turn: the first applies what is missing, the others wait, then find nothing
 * to do. Without it, two migrators each created the `drizzle` schema and the migrations table at
 * once, and all but one start failed. A lock held by a process that dies goes with its connection.
 */
import type { Pool, PoolClient } from 'pg';

/** The lock's key: a constant nothing else in the app uses (the clean-up's lock is 7_431_001). */
export const MIGRATION_LOCK = 7_431_002;

/**
 * Runs `work` on a connection of the pool that holds the migration lock, waiting for another
 * holder to let go first, and releases the lock after. A connection whose lock could not be
 * released is closed rather than returned to the pool, which releases it.
 */
export async function withMigrationLock<T>(pool: Pool, work: (client: PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    try {
      return await work(client);
    } finally {
      await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => (broken = true));
    }
  } catch (err) {
    broken = true;
    throw err;
  } finally {
    client.release(broken);
  }
}
