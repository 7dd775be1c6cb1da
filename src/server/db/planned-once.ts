/**
 * `plannedOnce(database, name, query, decode)`: a query run on every request, planned once per
 * connection instead of on every run (docs/architecture.md#start-up-and-memory).
 *
 * On PostgreSQL that is a named prepared statement, which node-postgres prepares once per pooled
 * connection. It is run on the pool directly, with a callback, rather than through drizzle's
 * `.prepare`: drizzle's layers made eight promises per run, and with Node 20's async hooks switched on
 * (oidc-provider's AsyncLocalStorage) every promise on the hot path costs.
 *
 * PGlite's driver sends every query unnamed, so PostgreSQL parses and plans it each time: for the session lookup (three tables, one JSON column) planning was about 85 % of its
 * 650 µs in the embedded database. There the statement is PREPAREd once in SQL, from the text drizzle
 * builds, and EXECUTEd, by the simple query protocol when the database offers it (`simpleQuery`: one
 * message instead of six). EXECUTE takes its arguments in the statement's text, so only values that need
 * no quoting are accepted (hex digests, identifiers, whole numbers): anything else throws rather than
 * being escaped by hand.
 */
import { Placeholder, sql } from 'drizzle-orm';
import type { Database } from './client.js';

/** A drizzle select with its placeholders: what `.toSQL()` is called on. */
interface PreparableQuery {
  toSQL(): { sql: string; params: unknown[] };
}

/** Values written into the EXECUTE statement as they are: nothing in them can end a literal. */
const PLAIN_TEXT = /^[A-Za-z0-9_-]*$/;

/** `value` as an SQL literal. @throws Error for anything but plain text (PLAIN_TEXT) or a safe integer. */
export function plainLiteral(value: unknown): string {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return String(value);
  if (typeof value === 'string' && PLAIN_TEXT.test(value)) return `'${value}'`;
  throw new Error('plannedOnce takes plain text and whole numbers only');
}

/** PostgreSQL's "prepared statement already exists": another app on the same PGlite prepared it. */
const DUPLICATE_PREPARED_STATEMENT = '42P05';

/**
 * Answers a function running `query` with the placeholders' `values`, as rows in drizzle's shape.
 * `decode` maps a row as the driver parsed it (column name → value) to that shape.
 */
export function plannedOnce<Row>(
  database: Pick<Database, 'db' | 'kind' | 'pool' | 'simpleQuery'>,
  name: string,
  query: PreparableQuery,
  decode: (row: Record<string, unknown>) => Row,
): (values: Record<string, string | number>) => Promise<Row[]> {
  const { sql: text, params } = query.toSQL();
  const { pool } = database;
  if (pool) {
    return (values) =>
      new Promise((resolve, reject) => {
        const args = params.map((param) => (param instanceof Placeholder ? values[param.name] : param));
        pool.query<Record<string, unknown>>({ name, text, values: args }, (err, result) => {
          if (err) reject(err);
          else resolve(result.rows.map(decode));
        });
      });
  }
  const types = params.map((param) => (typeof param === 'number' ? 'bigint' : 'text'));
  const run =
    database.simpleQuery ??
    (async (statement: string) => {
      const result = await database.db.execute(sql.raw(statement));
      return (result as unknown as { rows: Record<string, unknown>[] }).rows;
    });
  let prepared: Promise<void> | undefined;
  const prepare = async () => {
    try {
      await run(`prepare ${name} (${types.join(', ')}) as ${text}`);
    } catch (err) {
      // drizzle wraps the driver's error; its cause carries PostgreSQL's code.
      const { code, cause } = err as { code?: string; cause?: { code?: string } };
      if ((code ?? cause?.code) !== DUPLICATE_PREPARED_STATEMENT) throw err;
    }
  };
  return async (values) => {
    prepared ??= prepare().catch((err: unknown) => {
      prepared = undefined;
      throw err;
    });
    await prepared;
    const args = params.map((param) => plainLiteral(param instanceof Placeholder ? values[param.name] : param));
    return (await run(`execute ${name} (${args.join(', ')})`)).map(decode);
  };
}
