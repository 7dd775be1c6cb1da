/**
 * The PostgreSQL extensions a PGlite database of the app loads as it opens: `pg_trgm`, whose trigram
 * indexes serve the console's searches (drizzle/0024_console-search-and-survey-counts.sql,
 * docs/decisions/0050-console-at-scale.md). PGlite has no extension files on disk: each one is handed
 * to `PGlite.create` and unpacked (about 16 KiB for pg_trgm), and a database whose indexes use it
 * cannot be opened without it. PostgreSQL ships it in its contrib package.
 */
export async function pgliteExtensions() {
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  return { pg_trgm };
}
