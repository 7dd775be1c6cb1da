import { defineConfig } from 'drizzle-kit';

/** Migrations are generated from the schema (`npm run db:generate`), read, and committed. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
