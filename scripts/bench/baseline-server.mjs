/**
 * The baselines `npm run bench` measures Staffroom against, started in the same run:
 * `hello`, a bare Fastify route answering a constant; `select`, a bare Fastify route doing one
 * indexed primary-key SELECT on the same kind of database (PostgreSQL with DATABASE_URL, else a
 * PGlite folder of its own), the floor of any database-backed answer.
 * Usage: `node scripts/bench/baseline-server.mjs hello|select PORT [DATA_DIR]`; prints "ready".
 */
import Fastify from 'fastify';

const [kind, port, dataDir] = process.argv.slice(2);
const app = Fastify({ logger: false });

if (kind === 'hello') {
  app.get('/', async () => ({ data: { hello: 'world' } }));
} else {
  let query;
  if (process.env.DATABASE_URL) {
    const { default: pg } = await import('pg');
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
    query = (text, params) => pool.query(text, params).then((r) => r.rows);
  } else {
    const { PGlite } = await import('@electric-sql/pglite');
    const db = await PGlite.create(dataDir);
    query = (text, params) => db.query(text, params).then((r) => r.rows);
  }
  await query('create table if not exists bench_rows (id uuid primary key, name text not null)');
  await query(
    "insert into bench_rows select gen_random_uuid(), 'row ' || n from generate_series(1, 1000) n on conflict do nothing",
  );
  const [{ id }] = await query('select id from bench_rows limit 1');
  app.get('/', async () => ({ data: (await query('select id, name from bench_rows where id = $1', [id]))[0] }));
}

await app.listen({ host: '127.0.0.1', port: Number(port) });
process.stdout.write('ready\n');
