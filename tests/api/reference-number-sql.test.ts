import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { bookingReferenceSql } from '../../worker/db/reference-number';
import { createTestDb } from '../helpers/test-db';

// The booking confirmation's reference number is made in SQL (its booking's id exists only inside the batch) and
// everywhere else in TypeScript: the two must agree for every id.
let t: Awaited<ReturnType<typeof createTestDb>>;
beforeAll(async () => {
  t = await createTestDb();
});
afterAll(async () => {
  await t.cleanup();
});

describe('bookingReferenceSql', () => {
  it('equals bookingReferenceNumber for ids 1..3000 and large ones', async () => {
    const ids = [...Array.from({ length: 3000 }, (_, i) => i + 1), 99_999, 1_234_567, 2_147_483_647, 123_456_789_012_345, 999_999_999_999_999];
    const rows = await t.db.all<{ id: number; ref: string }>(
      sql`SELECT CAST(j.value AS INTEGER) AS id, ${bookingReferenceSql(sql`CAST(j.value AS INTEGER)`)} AS ref FROM json_each(${JSON.stringify(ids)}) AS j`,
    );
    expect(rows.map((r) => r.ref)).toEqual(ids.map((id) => bookingReferenceNumber(id)));
  });
});
