/**
 * `npm run db:migrate`: applies pending migrations from migrations/ to DATABASE_URL
 * (default file:data/retreat.db; a Turso `libsql://…` URL needs DATABASE_AUTH_TOKEN). Safe to run repeatedly.
 */
import { migrateDatabase } from '../worker/db/migrate';
import { countAppliedMigrations, describeUrl, openDatabaseFromEnv } from './db-env';

const { client, url } = openDatabaseFromEnv();
try {
  console.log(`Migrating ${describeUrl(url)} ...`);
  const before = await countAppliedMigrations(client);
  await migrateDatabase(client);
  const after = await countAppliedMigrations(client);
  const applied = after - before;
  console.log(
    applied === 0
      ? `Already up to date (${after} migration${after === 1 ? '' : 's'} applied).`
      : `Applied ${applied} migration${applied === 1 ? '' : 's'}; ${after} in total.`,
  );
} catch (error) {
  console.error('Migration failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
}
