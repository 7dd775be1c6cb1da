/**
 * A start's wait for PostgreSQL (DATABASE_URL): in a deployment the database may come up after the
 * server, or be restarting, so a connection that fails is tried again with back-off (0.5 s doubling
 * to 5 s) until DATABASE_CONNECT_TIMEOUT_S has passed, each failure reported in one line. A refusal
 * that waiting cannot change (a wrong password, a database that does not exist) ends the wait at once.
 * Messages name the database by `describeDatabase`, never with its password.
 */
/** The longest wait between two tries. */
const MAX_BACKOFF_MS = 5_000;
const FIRST_BACKOFF_MS = 500;

/** A start that could not reach its database; `message` names the setting and the host, never a password. */
export class DatabaseUnreachableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DatabaseUnreachableError';
  }
}

/**
 * DATABASE_URL as it may be shown: `postgres://user:***@host:port/database`, without the query (it
 * may carry a password too).
 */
export function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  if (url.password) url.password = '***';
  url.search = '';
  url.hash = '';
  return url.href;
}

/** A driver or server error in one line: its message, and its code when the message lacks it. */
function reasonOf(err: unknown): string {
  const { message, code } = err as { message?: string; code?: string };
  if (message && code && !message.includes(code)) return `${message} (${code})`;
  return message || code || String(err);
}

/** PostgreSQL's refusals that another try would meet again: credentials (class 28), no such database (3D000). */
const isFinal = (err: unknown): boolean => /^(28...|3D000)$/.test(String((err as { code?: unknown }).code ?? ''));

export interface WaitForDatabaseOptions {
  databaseUrl: string;
  /** How long to keep trying, from the first try (DATABASE_CONNECT_TIMEOUT_S, in ms). */
  timeoutMs: number;
  /** Told of each failed try that will be followed by another. */
  onRetry: (attempt: { database: string; attempt: number; reason: string; retryInMs: number }) => void;
}

/**
 * Resolves once PostgreSQL at `databaseUrl` takes a connection.
 * @throws DatabaseUnreachableError when `timeoutMs` has passed, or at once on a refusal waiting cannot change.
 */
export async function waitForDatabase({ databaseUrl, timeoutMs, onRetry }: WaitForDatabaseOptions): Promise<void> {
  const { default: pg } = await import('pg');
  const database = describeDatabase(databaseUrl);
  const deadline = Date.now() + timeoutMs;
  let backoff = FIRST_BACKOFF_MS;
  for (let attempt = 1; ; attempt++) {
    const left = deadline - Date.now();
    // A host that drops packets would otherwise hold one try for the system's TCP timeout (minutes).
    const client = new pg.Client({
      connectionString: databaseUrl,
      connectionTimeoutMillis: Math.max(1_000, Math.min(left, 10_000)),
    });
    // An error after the connection failed (the socket closing) is the same failure, already handled.
    client.on('error', () => {});
    try {
      await client.connect();
      await client.end();
      return;
    } catch (err) {
      await client.end().catch(() => {});
      const reason = reasonOf(err);
      if (isFinal(err)) {
        throw new DatabaseUnreachableError(
          `The database at ${database} (DATABASE_URL) refused the connection: ${reason}`,
        );
      }
      const retryInMs = Math.min(backoff, deadline - Date.now());
      if (retryInMs <= 0) {
        throw new DatabaseUnreachableError(
          `Could not connect to the database at ${database} (DATABASE_URL) within ${timeoutMs / 1000} s ` +
            `(DATABASE_CONNECT_TIMEOUT_S): ${reason}`,
        );
      }
      onRetry({ database, attempt, reason, retryInMs });
      await new Promise((resolve) => setTimeout(resolve, retryInMs));
      backoff = Math.min(backoff * 2, MAX_BACKOFF_MS);
    }
  }
}
