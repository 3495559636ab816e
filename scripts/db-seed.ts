/**
 * `npm run db:seed`: migrates DATABASE_URL (default file:data/retreat.db), then loads the fictional demo data from
 * worker/db/seed.ts. Running it again adds nothing. Never run implicitly: only this command seeds.
 */
import { createDb } from '../worker/db';
import { migrateDatabase } from '../worker/db/migrate';
import { seedDemoData } from '../worker/db/seed';
import { describeUrl, openDatabaseFromEnv } from './db-env';

const { client, url } = openDatabaseFromEnv();
try {
  console.log(`Seeding ${describeUrl(url)} with demo data ...`);
  await migrateDatabase(client);
  const { inserted } = await seedDemoData(createDb(client));
  const total = Object.values(inserted).reduce((a, b) => a + b, 0);
  const parts = Object.entries(inserted).map(([table, n]) => `${table} ${n}`);
  console.log(total === 0 ? 'Demo data already present; nothing inserted.' : `Inserted: ${parts.join(', ')}.`);
} catch (error) {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
}
