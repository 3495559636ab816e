import { defineConfig } from 'drizzle-kit';

/**
 * drizzle-kit: `npx drizzle-kit generate --name <change>` writes a new SQL migration into migrations/ from
 * worker/db/schema.ts. Migrations are applied by `npm run db:migrate` (and at Node start-up), not by drizzle-kit.
 * The 'turso' dialect is SQLite plus libSQL credentials, so `drizzle-kit studio` also works against DATABASE_URL.
 */
export default defineConfig({
  dialect: 'turso',
  schema: './worker/db/schema.ts',
  out: './migrations',
  dbCredentials: {
    url: process.env.DATABASE_URL ?? 'file:data/retreat.db',
    authToken: process.env.DATABASE_AUTH_TOKEN,
  },
  strict: true,
  verbose: true,
});
