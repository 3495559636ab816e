/**
 * The waiting-list rule has a TypeScript form (goesOnWaitingList: the booking form says it before the guest sends)
 * and a SQL form (WAITING_LIST_SQL: the booking's INSERT decides it, issue 40). For random retreats, the bookings on
 * them and parties, the two must agree on the places the same bookings take: 1 000 cases per run.
 */
import { sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { goesOnWaitingList } from '../../src/lib/booking/waiting-list';
import { placesTaken, WAITING_LIST_SQL } from '../../worker/domain/retreats/places';
import { createTestDb } from '../helpers/test-db';

let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
  await t.db.run(sql`INSERT INTO guests (id, first_name, last_name, email) VALUES ('g', 'Mari', 'Maasikas', 'mari@example.com')`);
});
afterAll(async () => {
  await t.cleanup();
});

const booking = fc.record({
  status: fc.constantFrom('pending', 'confirmed', 'cancelled'),
  waitingList: fc.boolean(),
  offered: fc.boolean(),
  companions: fc.integer({ min: 0, max: 4 }),
});
const retreatCase = fc.record({
  capacity: fc.option(fc.integer({ min: 0, max: 12 }), { nil: null }),
  bookings: fc.array(booking, { maxLength: 6 }),
  people: fc.integer({ min: 1, max: 7 }),
});

describe('the waiting list: WAITING_LIST_SQL equals goesOnWaitingList', () => {
  it('for random capacities, bookings in every state and party sizes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(retreatCase, { minLength: 50, maxLength: 50 }), async (cases) => {
        await t.db.run(sql`DELETE FROM bookings`);
        await t.db.run(sql`DELETE FROM retreats`);
        const got: { sql: boolean; ts: boolean }[] = [];
        for (const c of cases) {
          const [retreat] = await t.db.all<{ id: number }>(sql`INSERT INTO retreats (name, capacity) VALUES ('r', ${c.capacity}) RETURNING id`);
          for (const b of c.bookings) {
            const companions = JSON.stringify(Array.from({ length: b.companions }, () => ({ first_name: 'K', last_name: 'T', age: '' })));
            await t.db.run(sql`
              INSERT INTO bookings (guest_id, retreat_id, status, waiting_list, offer_expires_at, companions)
              VALUES ('g', ${retreat!.id}, ${b.status}, ${b.waitingList ? 1 : 0}, ${b.offered ? '2030-01-01T00:00:00.000Z' : null}, ${companions})`);
          }
          const [row] = await t.db.all<{ capacity: number | null; taken: number; waits: number }>(sql`
            SELECT r.capacity AS capacity, ${placesTaken(sql`r.id`)} AS taken, ${WAITING_LIST_SQL('r', c.people)} AS waits FROM retreats AS r WHERE r.id = ${retreat!.id}`);
          // The places left as GET /api/availability gives them to the form (../../worker/domain/retreats/availability.ts).
          const placesLeft = row!.capacity === null ? null : Math.max(0, Number(row!.capacity) - Number(row!.taken));
          got.push({ sql: Number(row!.waits) === 1, ts: goesOnWaitingList({ placesLeft }, c.people) });
        }
        expect(got.map((g) => g.sql)).toEqual(got.map((g) => g.ts));
      }),
      { numRuns: 20 },
    );
  });
});
