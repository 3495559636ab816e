/**
 * `npm run db:seed`: migrates DATABASE_URL (default file:data/retreat.db), then loads the fictional demo data from
 * worker/db/seed.ts. Running it again adds nothing. Never run implicitly: only this command seeds.
 */
import { createDb } from '../worker/db';
import { migrateDatabase } from '../worker/db/migrate';
import { seedDemoData } from '../worker/db/seed';
import { recordPayment } from '../worker/domain/money/ledger';
import { describeUrl, openDatabaseFromEnv } from './db-env';

const { client, url } = openDatabaseFromEnv();
try {
  console.log(`Seeding ${describeUrl(url)} with demo data ...`);
  await migrateDatabase(client);
  const db = createDb(client);
  const { inserted, payments } = await seedDemoData(db);
  // The demo bookings' money goes into the ledger through its one door, which derives what each has paid.
  for (const p of payments) {
    await recordPayment({ db, now: () => new Date() }, p.bookingId, { kind: 'payment', amount: p.amountCents, overpayment: false, method: 'bank_transfer', receivedOn: p.receivedOn, reference: null, note: 'Demoandmed' }, null);
  }
  const total = Object.values(inserted).reduce((a, b) => a + b, 0);
  const parts = Object.entries(inserted).map(([table, n]) => `${table} ${n}`);
  console.log(total === 0 ? 'Demo data already present; nothing inserted.' : `Inserted: ${parts.join(', ')}.`);
} catch (error) {
  console.error('Seeding failed:', error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  client.close();
}
