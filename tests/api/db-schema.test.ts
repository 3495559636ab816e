import { readFileSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, gt, inArray } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { bookings, customers, guests, invoices, retreats, users } from '../../worker/db/schema';
import { seedDemoData } from '../../worker/db/seed';
import { recordPayment } from '../../worker/domain/money/ledger';
import { isReadOnlySql, WriteQueue } from '../../worker/db/serialized-client';
import { DEFAULT_MIGRATIONS_FOLDER, migrateDatabase, openLocalClient } from '../../worker/db/migrate';
import { createTestDb, type TestDb } from '../helpers/test-db';

const TABLES = [
  'audit_logs',
  'auth_attempts',
  'auth_tokens',
  'bookings',
  'contact_messages',
  'customers',
  'email_outbox',
  'guests',
  'invoices',
  'retreats',
  'session_refresh_tokens',
  'sessions',
  'user_roles',
  'users',
];

/** Message of an error and its causes: drizzle wraps the driver's error ("Failed query: …", cause: SQLITE_…). */
async function failure(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    const parts: string[] = [];
    let current: unknown = error;
    while (current instanceof Error) {
      parts.push(current.message);
      current = current.cause;
    }
    return parts.join(' | ');
  }
  throw new Error('expected the operation to fail, it succeeded');
}

let t: TestDb;
beforeEach(async () => {
  t = await createTestDb();
});
afterEach(async () => {
  await t.cleanup();
});

async function insertGuest(email = 'guest@example.com') {
  const [row] = await t.db
    .insert(guests)
    .values({ firstName: 'Test', lastName: 'Külaline', email, phone: '+37250000000' })
    .returning();
  return row!;
}

describe('migrations', () => {
  it('create every table on a fresh file and are a no-op the second time', async () => {
    const result = await t.client.execute(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name",
    );
    const names = result.rows.map((r) => String(r.name));
    expect(names).toEqual(expect.arrayContaining([...TABLES, '__drizzle_migrations']));

    const count = async () => Number((await t.client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n);
    const before = await count();
    expect(before).toBeGreaterThan(0);
    await migrateDatabase(t.client);
    expect(await count()).toBe(before);
  });

  // drizzle's migrator applies only migrations stamped later than the newest one a database has (journal `when`), so a
  // migration stamped earlier than its predecessor would be skipped for good by every database that stopped between
  // them (it happened to 0006 once). Each stopping point must reach the full set.
  it('bring a database that stopped after any earlier migration up to every migration', async () => {
    const journal = JSON.parse(readFileSync(join(DEFAULT_MIGRATIONS_FOLDER, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
    const all = journal.entries.length;
    for (let stop = 1; stop < all; stop += 1) {
      const folder = await mkdtemp(join(tmpdir(), 'migrations-'));
      try {
        await cp(DEFAULT_MIGRATIONS_FOLDER, folder, { recursive: true });
        await writeFile(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: journal.entries.slice(0, stop) }));
        const partial = await createTestDb({ migrate: false });
        try {
          await migrateDatabase(partial.client, folder);
          await migrateDatabase(partial.client);
          const applied = Number((await partial.client.execute('SELECT count(*) AS n FROM __drizzle_migrations')).rows[0]!.n);
          expect(applied, `stopped after migration ${stop}`).toBe(all);
        } finally {
          await partial.cleanup();
        }
      } finally {
        await rm(folder, { recursive: true, force: true });
      }
    }
  });

  it('put the local file in WAL mode', async () => {
    const result = await t.client.execute('PRAGMA journal_mode');
    expect(String(result.rows[0]![0]).toLowerCase()).toBe('wal');
  });
});

describe('foreign keys', () => {
  it('reject a booking for an unknown guest', async () => {
    const message = await failure(t.db.insert(bookings).values({ guestId: crypto.randomUUID() }));
    expect(message).toMatch(/FOREIGN KEY/i);
  });

  it('stay enforced after client.transaction() and on a second pooled connection', async () => {
    const tx = await t.client.transaction('write');
    // While the transaction holds one connection, this runs on another (freshly opened) one.
    const pragma = await t.client.execute('PRAGMA foreign_keys');
    expect(Number(pragma.rows[0]![0])).toBe(1);
    await tx.execute({
      sql: 'INSERT INTO guests (id, first_name, last_name) VALUES (?, ?, ?)',
      args: [crypto.randomUUID(), 'Tx', 'Guest'],
    });
    await tx.commit();

    const afterTx = await failure(
      t.client.execute({ sql: 'INSERT INTO bookings (guest_id) VALUES (?)', args: [crypto.randomUUID()] }),
    );
    expect(afterTx).toMatch(/FOREIGN KEY/i);

    // and inside a drizzle transaction
    const inDrizzleTx = await failure(
      t.db.transaction(async (dtx) => {
        await dtx.insert(bookings).values({ guestId: crypto.randomUUID() });
      }),
    );
    expect(inDrizzleTx).toMatch(/FOREIGN KEY/i);
    expect(await t.db.$count(bookings)).toBe(0);
  });

  it('cascade, restrict and set null as designed', async () => {
    const guest = await insertGuest();
    const [customer] = await t.db
      .insert(customers)
      .values({ firstName: 'Test', lastName: 'Klient', email: 'klient@example.com' })
      .returning();
    const [retreat] = await t.db.insert(retreats).values({ name: 'Test retriit' }).returning();
    const [booking] = await t.db
      .insert(bookings)
      .values({ guestId: guest.id, customerId: customer!.id, retreatId: retreat!.id })
      .returning();
    await t.db.insert(invoices).values({
      seriesNumber: 1,
      number: '2025-0001',
      kind: 'invoice',
      bookingId: booking!.id,
      issuedOn: '2025-11-01',
      dueOn: '2025-11-15',
      totalCents: 129_900,
      buyerName: 'Test Klient',
      document: {} as never,
    });

    // a guest with bookings cannot be deleted
    expect(await failure(t.db.delete(guests).where(eq(guests.id, guest.id)))).toMatch(/FOREIGN KEY/i);
    // deleting the retreat keeps the booking
    await t.db.delete(retreats).where(eq(retreats.id, retreat!.id));
    const [kept] = await t.db.select().from(bookings).where(eq(bookings.id, booking!.id));
    expect(kept?.retreatId).toBeNull();
    // deleting the customer deletes their bookings (spec: customer delete); the invoices stay, unlinked
    await t.db.delete(customers).where(eq(customers.id, customer!.id));
    expect(await t.db.$count(bookings)).toBe(0);
    expect(await t.db.select({ bookingId: invoices.bookingId, number: invoices.number }).from(invoices)).toEqual([{ bookingId: null, number: '2025-0001' }]);
  });
});

describe('concurrency', () => {
  it('lets overlapping write transactions wait for each other instead of failing with SQLITE_BUSY', async () => {
    const guest = await insertGuest();
    const write = (n: number) =>
      t.db.transaction(async (tx) => {
        await tx.insert(bookings).values({ guestId: guest.id, comments: `tx ${n}` });
        await new Promise((resolve) => setTimeout(resolve, 20));
        await tx.insert(bookings).values({ guestId: guest.id, comments: `tx ${n} again` });
      });
    await Promise.all([write(1), write(2), write(3), t.db.insert(bookings).values({ guestId: guest.id })]);
    expect(await t.db.$count(bookings)).toBe(7);
  });

  it('lets reads run while a write transaction is open', async () => {
    const guest = await insertGuest();
    await t.db.transaction(async (tx) => {
      await tx.insert(bookings).values({ guestId: guest.id });
      // a different request reading meanwhile sees the last committed state, without waiting
      expect(await t.db.$count(bookings)).toBe(0);
    });
    expect(await t.db.$count(bookings)).toBe(1);
  });

  it('shares the write queue between clients of the same file', async () => {
    const other = openLocalClient(t.url);
    try {
      const guest = await insertGuest();
      const tx = await t.client.transaction('write');
      await tx.execute({ sql: 'INSERT INTO bookings (guest_id) VALUES (?)', args: [guest.id] });
      const pending = other.execute({ sql: 'INSERT INTO bookings (guest_id) VALUES (?)', args: [guest.id] });
      await new Promise((resolve) => setTimeout(resolve, 30));
      await tx.commit();
      await pending;
      expect(await t.db.$count(bookings)).toBe(2);
    } finally {
      other.close();
    }
  });
});

describe('write queue', () => {
  it('classifies only non-writing statements as reads', () => {
    for (const q of ['select 1', '  SELECT * FROM bookings', 'EXPLAIN QUERY PLAN select 1', 'PRAGMA foreign_keys', 'pragma table_info(bookings)']) {
      expect(isReadOnlySql(q), q).toBe(true);
    }
    for (const q of ['insert into x values (1)', 'PRAGMA foreign_keys = ON', 'with a as (select 1) delete from x', 'update x set y = 1']) {
      expect(isReadOnlySql(q), q).toBe(false);
    }
  });

  it('fails with a clear message instead of hanging when the lock is never released', async () => {
    const queue = new WriteQueue();
    const release = await queue.acquire(50);
    await expect(queue.acquire(20)).rejects.toThrow(/write lock/);
    release();
    const again = await queue.acquire(20);
    again();
  });
});

describe('constraints', () => {
  it('users.email is unique and stored lowercased', async () => {
    const user = { email: 'admin@example.com', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y' };
    await t.db.insert(users).values(user);
    expect(await failure(t.db.insert(users).values(user))).toMatch(/UNIQUE/i);
    expect(await failure(t.db.insert(users).values({ ...user, email: 'Other@Example.com' }))).toMatch(/CHECK/i);
  });

  it('money columns are INTEGER and refuse fractions and negatives', async () => {
    for (const table of ['bookings', 'retreats', 'invoices']) {
      const info = await t.client.execute(`PRAGMA table_info(${table})`);
      const money = info.rows.filter((r) => String(r.name).endsWith('_cents'));
      expect(money.length).toBeGreaterThan(0);
      for (const column of money) expect(String(column.type).toLowerCase()).toBe('integer');
    }
    const guest = await insertGuest();
    const [row] = await t.db.insert(bookings).values({ guestId: guest.id, totalAmountCents: 129_900 }).returning();
    const stored = await t.client.execute({
      sql: 'SELECT typeof(total_amount_cents) AS kind FROM bookings WHERE id = ?',
      args: [row!.id],
    });
    expect(stored.rows[0]!.kind).toBe('integer');
    expect(row!.totalAmountCents).toBe(129_900);

    expect(await failure(t.db.insert(bookings).values({ guestId: guest.id, totalAmountCents: 12.5 }))).toMatch(/CHECK/i);
    expect(await failure(t.db.insert(bookings).values({ guestId: guest.id, amountPaidCents: -1 }))).toMatch(/CHECK/i);
    expect(await failure(t.db.insert(retreats).values({ name: 'x', priceCents: 1299.99 }))).toMatch(/CHECK/i);
  });

  it('booking statuses are limited to the spec values and default to pending', async () => {
    const guest = await insertGuest();
    const [row] = await t.db.insert(bookings).values({ guestId: guest.id }).returning();
    expect(row).toMatchObject({ status: 'pending', paymentStatus: 'pending', source: 'public_form', balancePaid: false });
    expect(row!.createdAt).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const bad = t.client.execute({
      sql: "INSERT INTO bookings (guest_id, status) VALUES (?, 'maybe')",
      args: [guest.id],
    });
    expect(await failure(bad)).toMatch(/CHECK/i);
  });

  it('idempotency keys are unique per booking', async () => {
    const guest = await insertGuest();
    await t.db.insert(bookings).values({ guestId: guest.id, idempotencyKey: 'k-1' });
    expect(await failure(t.db.insert(bookings).values({ guestId: guest.id, idempotencyKey: 'k-1' }))).toMatch(/UNIQUE/i);
    // many bookings without a key are fine (NULLs are distinct)
    await t.db.insert(bookings).values([{ guestId: guest.id }, { guestId: guest.id }]);
  });

  it('companions are flagged and linked, never given an e-mail placeholder', async () => {
    const main = await insertGuest();
    const [companion] = await t.db
      .insert(guests)
      .values({ firstName: 'Kaas', lastName: 'Reisija', isCompanion: true, companionOfGuestId: main.id })
      .returning();
    expect(companion).toMatchObject({ email: null, isCompanion: true, companionOfGuestId: main.id });
    // flag and link must agree
    expect(
      await failure(t.db.insert(guests).values({ firstName: 'A', lastName: 'B', isCompanion: true })),
    ).toMatch(/CHECK/i);
  });

  it("keeps what a booking owes (total + services + companion prices) after inserts and edits, whoever writes", async () => {
    const guest = await insertGuest();
    const owed = async (id: number) => Number((await t.client.execute(`SELECT owed_cents FROM bookings WHERE id = ${id}`)).rows[0]!.owed_cents);
    const [row] = await t.db
      .insert(bookings)
      .values({ guestId: guest.id, totalAmountCents: 129_900, additionalServices: [{ name: 'Massaaž', price_cents: 4550 }], companions: [{ first_name: 'Jaan', last_name: 'Tamm', custom_price_cents: 85_000 }] as never })
      .returning();
    expect(await owed(row!.id)).toBe(129_900 + 4550 + 85_000);
    await t.client.execute(`UPDATE bookings SET additional_services = '[]' WHERE id = ${row!.id}`);
    expect(await owed(row!.id)).toBe(129_900 + 85_000);
    await t.client.execute(`UPDATE bookings SET total_amount_cents = NULL, companions = NULL WHERE id = ${row!.id}`);
    expect(await owed(row!.id)).toBe(0);
  });

  it('JSON columns round-trip', async () => {
    const guest = await insertGuest();
    const [row] = await t.db
      .insert(bookings)
      .values({
        guestId: guest.id,
        companions: [{ first_name: 'Kaas', last_name: 'Reisija', age: 30, custom_price_cents: 99_900 }],
        additionalServices: [{ name: 'Osoonteraapia', price_cents: 12_000 }],
      })
      .returning();
    const [read] = await t.db.select().from(bookings).where(eq(bookings.id, row!.id));
    expect(read?.companions?.[0]?.custom_price_cents).toBe(99_900);
    expect(read?.additionalServices?.[0]?.name).toBe('Osoonteraapia');
    const withGuest = await t.db.query.bookings.findFirst({ where: eq(bookings.id, row!.id), with: { guest: true } });
    expect(withGuest?.guest.email).toBe('guest@example.com');
  });
});

describe('demo seed', () => {
  it('loads fictional data and a second run inserts nothing', async () => {
    const now = new Date('2025-10-01T12:00:00.000Z');
    const first = await seedDemoData(t.db, now);
    expect(first.inserted).toEqual({ retreats: 3, guests: 8, customers: 5, bookings: 6 });
    // Its money goes in through the ledger (as npm run db:seed does), which derives what each booking has paid.
    expect(first.payments.map((p) => p.amountCents)).toEqual([60_000, 129_900]);
    for (const p of first.payments) {
      await recordPayment({ db: t.db, now: () => now }, p.bookingId, { kind: 'payment', amount: p.amountCents, overpayment: false, method: 'bank_transfer', receivedOn: p.receivedOn, reference: null, note: 'Demoandmed' }, null);
    }
    const paid = await t.db.select({ paid: bookings.amountPaidCents, balancePaid: bookings.balancePaid }).from(bookings).where(inArray(bookings.id, first.payments.map((p) => p.bookingId)));
    expect(paid).toEqual([{ paid: 60_000, balancePaid: false }, { paid: 129_900, balancePaid: true }]);

    const counts = async () => ({
      retreats: await t.db.$count(retreats),
      guests: await t.db.$count(guests),
      customers: await t.db.$count(customers),
      bookings: await t.db.$count(bookings),
    });
    const afterFirst = await counts();

    const second = await seedDemoData(t.db, new Date('2025-10-05T12:00:00.000Z'));
    expect(second.inserted).toEqual({ retreats: 0, guests: 0, customers: 0, bookings: 0 });
    expect(second.payments).toEqual([]);
    expect(await counts()).toEqual(afterFirst);

    // Three published editions ahead of the seed's day (1.10.2025): the 14th of every second month from 45 days on,
    // beside the three the migration carried over from the content file.
    const retreatRows = await t.db.select().from(retreats).where(gt(retreats.startDate, '2025-10-01')).orderBy(retreats.startDate, retreats.id);
    expect(retreatRows.filter((r) => r.description?.startsWith('Demo')).map((r) => [r.edition, r.startDate, r.endDate, r.priceCents, r.basePriceCents, r.published])).toEqual([
      ['dec-2025', '2025-12-14', '2025-12-24', 129_900, 159_900, true],
      ['feb-2026', '2026-02-14', '2026-02-24', 129_900, 159_900, true],
      ['apr-2026', '2026-04-14', '2026-04-24', 129_900, 159_900, true],
    ]);
    // Every demo booking is on one of them.
    const onDemo = await t.db.$count(bookings, inArray(bookings.retreatEdition, ['dec-2025', 'feb-2026', 'apr-2026']));
    expect(onDemo).toBe(6);

    const allGuests = await t.db.select().from(guests);
    for (const g of allGuests) {
      if (g.isCompanion) expect(g.email).toBeNull();
      else expect(g.email).toMatch(/@example\.com$/);
    }
    const statuses = new Set((await t.db.select({ s: bookings.status }).from(bookings)).map((r) => r.s));
    expect(statuses).toEqual(new Set(['pending', 'confirmed', 'cancelled']));
    const noUsers = await t.db.$count(users);
    expect(noUsers).toBe(0);
  });
});

describe('worker/db/index.ts', () => {
  it('imports @libsql/client for types only (it must load in the Workers bundle)', () => {
    const source = readFileSync(new URL('../../worker/db/index.ts', import.meta.url), 'utf8');
    const runtimeImports = source
      .split('\n')
      .filter((line) => /^\s*import\s/.test(line) && !/^\s*import\s+type\s/.test(line));
    expect(runtimeImports.join('\n')).not.toMatch(/@libsql\/client/);
  });
});
