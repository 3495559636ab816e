// What libSQL itself allows for bookings on this machine, as bench:api's yardstick: the rows one booking writes
// (its rate-limit record, main guest, a companion, the customer upsert, the booking, the confirmation in the outbox,
// and since issue 42 the booker's acceptance of the two texts with its audit record),
// as one batch per booking, from `writers` concurrent writers through one client on a fresh WAL file. No HTTP, no
// validation, no mail: the most the API could reach if the database were its only cost and every booking were its
// own transaction (`groupCommit: false`, libSQL alone). With `groupCommit: true` it measures our local client as
// the app uses it, which commits the batches that queue up together (worker/db/serialized-client.ts).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { createDb } from '../../worker/db';
import { createClient } from '@libsql/client';
import { migrateDatabase } from '../../worker/db/migrate';
import { serializeWrites, WriteQueue } from '../../worker/db/serialized-client';
import { agreementAcceptances, auditLogs, authAttempts, bookings, customers, emailOutbox, guests } from '../../worker/db/schema';

export async function measureDbCeiling(writers: number, durationMs: number, { groupCommit = false } = {}): Promise<number> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'bench-ceiling-'));
  const client = serializeWrites(createClient({ url: `file:${path.join(dir, 'ceiling.db')}` }), { queue: new WriteQueue(), groupCommit });
  try {
    await migrateDatabase(client);
    const db = createDb(client);
    let n = 0;
    let done = 0;
    const until = performance.now() + durationMs;
    const started = performance.now();
    const writer = async () => {
      while (performance.now() < until) {
        const i = n++;
        const stamp = new Date().toISOString();
        const guestId = crypto.randomUUID();
        const email = `katse${i}@example.com`;
        await db.batch([
          db.insert(authAttempts).values({ kind: 'booking_submit', key: '127.0.0.1', ip: '127.0.0.1', createdAt: stamp }),
          db.insert(guests).values({ id: guestId, firstName: 'Mari', lastName: 'Tamm', email, phone: '+37251234567', marketingConsent: true, createdAt: stamp, updatedAt: stamp }),
          db.insert(guests).values({ firstName: 'Jüri', lastName: 'Tamm', isCompanion: true, companionOfGuestId: guestId, marketingConsent: false, createdAt: stamp, updatedAt: stamp }),
          db
            .insert(customers)
            .values({ firstName: 'Mari', lastName: 'Tamm', email, phoneNumber: '+37251234567', createdAt: stamp, updatedAt: stamp })
            .onConflictDoUpdate({ target: customers.email, set: { updatedAt: stamp } }),
          db.insert(bookings).values({
            guestId,
            customerId: sql`(SELECT ${customers.id} FROM ${customers} WHERE ${customers.email} = ${email})`,
            status: 'pending',
            paymentStatus: 'pending',
            roomType: 'single',
            bookingDate: stamp,
            source: 'public_form',
            createdAt: stamp,
            updatedAt: stamp,
          }),
          db.insert(emailOutbox).values({
            kind: 'booking_confirmation',
            toAddress: email,
            subject: 'Broneeringu taotlus kätte saadud',
            html: '<p>'.padEnd(2500, 'x'),
            text: ''.padEnd(1200, 'x'),
            bookingId: sql`last_insert_rowid()`,
            attempts: 1,
            nextAttemptAt: stamp,
            createdAt: stamp,
            updatedAt: stamp,
          }),
          db.insert(agreementAcceptances).values(
            (['terms', 'waiver'] as const).map((kind) => ({
              bookingId: sql`(SELECT id FROM bookings WHERE guest_id = ${guestId})` as unknown as number,
              guestId,
              kind,
              version: '2026-11',
              textSha256: 'a'.repeat(64),
              signedName: 'Mari Tamm',
              signedBy: 'self' as const,
              method: 'booking_form' as const,
              ip: '127.0.0.1',
              userAgent: 'bench',
              signedAt: stamp,
            })),
          ),
          db.insert(auditLogs).values({ action: 'agreement.sign', severity: 'low', resourceType: 'booking', resourceId: '1', metadata: { method: 'booking_form' }, createdAt: stamp }),
        ]);
        done++;
      }
    };
    await Promise.all(Array.from({ length: writers }, writer));
    return done / ((performance.now() - started) / 1000);
  } finally {
    client.close();
    await rm(dir, { recursive: true, force: true });
  }
}
