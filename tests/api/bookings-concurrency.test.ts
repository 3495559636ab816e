import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApiFixture, type ApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

// Many submissions at once through real HTTP on one database file: none is lost, none is doubled.
let f: ApiFixture;
beforeAll(async () => {
  f = await startApiFixture({ admin: false });
});
afterAll(async () => {
  await f.close();
});

describe('concurrent submissions', () => {
  it('1000 concurrent valid submissions make exactly 1000 bookings and 1000 outbox rows', { timeout: 120_000 }, async () => {
    const responses = await Promise.all(Array.from({ length: 1000 }, () => f.app.post('/api/bookings', validBooking())));
    expect(responses.filter((r) => r.status === 201)).toHaveLength(1000);
    const ids = new Set(await Promise.all(responses.map(async (r) => (await readJson(r)).bookingId)));
    expect(ids.size).toBe(1000);
    expect(await f.app.count('bookings')).toBe(1000);
    expect(await f.app.count('email_outbox')).toBe(1000);
    expect(await f.app.count("guests WHERE is_companion = 0")).toBe(1000);
  });

  it('100 concurrent repeats with one Idempotency-Key make one booking', { timeout: 60_000 }, async () => {
    const before = await f.app.count('bookings');
    const request = validBooking();
    const responses = await Promise.all(
      Array.from({ length: 100 }, () => f.app.post('/api/bookings', request, { 'Idempotency-Key': 'double-click-0001' })),
    );
    expect(responses.map((r) => r.status)).toEqual(Array(100).fill(201));
    const ids = new Set(await Promise.all(responses.map(async (r) => (await readJson(r)).bookingId)));
    expect(ids.size).toBe(1);
    expect(await f.app.count('bookings')).toBe(before + 1);
  });
});
