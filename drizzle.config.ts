import { defineConfig } from 'drizzle-kit';

/** drizzle-kit settings: `npm run db:generate` writes a migration for every change of the schema. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './src/server/db/migrations',
});
