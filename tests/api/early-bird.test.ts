import { describe, expect, it } from 'vitest';
import { RETREAT_MESSAGES } from '../../src/lib/retreat-messages';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

/**
 * The early-bird price (issue 38): it applies until 23:59 Europe/Tallinn of its last day, whatever the server's time
 * zone: the availability, the booking's price and its snapshot follow the request's instant. Tallinn is UTC+2 in
 * winter and UTC+3 in summer, so the last second is 21:59:59Z on a winter day and 20:59:59Z on a summer day.
 */
const f = useApiFixture({ clock: '2026-11-26T10:00:00.000Z' });

async function edition(startDate: string, earlyBirdUntil: string) {
  const made = (await f.edition({ startDate, priceCents: 129_900, basePriceCents: 159_900 })) as { id: number; edition: string };
  await f.editEdition(made.id, { earlyBirdPrice: '1099', earlyBirdUntil });
  return made;
}

const priceNow = async (key: string) => {
  const { editions } = (await readJson(await browser(f.app).get('/api/availability'))) as { editions: { id: string; price: Record<string, unknown> }[] };
  return editions.find((e) => e.id === key)!.price;
};

async function bookedAt(key: string, instant: string) {
  await f.clock.set(instant, { newSession: false });
  const res = await f.app.post('/api/bookings', validBooking({ retreatMonth: key, roomType: 'shared-room', paymentPlan: 'instalments' }));
  expect(res.status).toBe(201);
  const { bookingId } = await readJson(res);
  const row = await f.row(bookingId);
  return { total: row.total_amount_cents, snapshot: JSON.parse(String(row.price_snapshot)) };
}

describe('the early-bird price', () => {
  it('applies through 23:59:59 Tallinn time of its last day in winter, and not from 00:00:00', async () => {
    const e = await edition('2027-05-14', '2026-12-31');
    await f.clock.set('2026-12-31T21:59:59.000Z', { newSession: false });
    expect(await priceNow(e.edition)).toEqual({
      priceCents: 109_900,
      compareAtCents: 159_900,
      roomSupplementCents: { 'single-room': 0, 'shared-room': 0 },
      earlyBird: { regularCents: 129_900, until: '2026-12-31' },
    });
    const early = await bookedAt(e.edition, '2026-12-31T21:59:59.000Z');
    expect(early.total).toBe(109_900);
    expect(early.snapshot.earlyBird).toEqual({ regularCents: 129_900, until: '2026-12-31' });
    expect(early.snapshot.unitCents).toBe(109_900);

    await f.clock.set('2026-12-31T22:00:00.000Z', { newSession: false });
    expect((await priceNow(e.edition)).earlyBird).toBeNull();
    const regular = await bookedAt(e.edition, '2026-12-31T22:00:00.000Z');
    expect(regular.total).toBe(129_900);
    expect(regular.snapshot.earlyBird).toBeNull();
  });

  it('applies through 23:59:59 Tallinn time in summer (UTC+3), and not from 00:00:00', async () => {
    const e = await edition('2027-12-14', '2027-06-30');
    const early = await bookedAt(e.edition, '2027-06-30T20:59:59.000Z');
    expect(early.total).toBe(109_900);
    expect(early.snapshot.earlyBird).toEqual({ regularCents: 129_900, until: '2027-06-30' });
    const regular = await bookedAt(e.edition, '2027-06-30T21:00:00.000Z');
    expect(regular.total).toBe(129_900);
    expect(regular.snapshot.earlyBird).toBeNull();
  });

  it('is kept by a booking made with it when the edition’s prices change later', async () => {
    const e = await edition('2027-05-14', '2026-12-31');
    const early = await bookedAt(e.edition, '2026-12-01T10:00:00.000Z');
    await f.clock.set('2026-12-01T10:00:00.000Z');
    await f.editEdition(e.id, { earlyBirdPrice: '', earlyBirdUntil: '' });
    expect((await priceNow(e.edition)).priceCents).toBe(129_900);
    const rows = await f.app.rows(`SELECT total_amount_cents FROM bookings WHERE retreat_id = ${e.id}`);
    expect(rows).toEqual([{ total_amount_cents: early.total }]);
  });

  it('must be below the price and end before the start, and comes with its last day', async () => {
    const made = (await f.edition({ startDate: '2027-05-14', priceCents: 129_900 })) as { id: number };
    const form = await f.editionForm(made.id);
    const cases: [Record<string, string>, string, string][] = [
      [{ earlyBirdPrice: '1299', earlyBirdUntil: '2026-12-31' }, 'earlyBirdPrice', RETREAT_MESSAGES.earlyBirdBelowPrice],
      [{ earlyBirdPrice: '1099', earlyBirdUntil: '' }, 'earlyBirdUntil', RETREAT_MESSAGES.earlyBirdUntilRequired],
      [{ earlyBirdPrice: '', earlyBirdUntil: '2026-12-31' }, 'earlyBirdPrice', RETREAT_MESSAGES.earlyBirdPriceRequired],
      [{ earlyBirdPrice: '1099', earlyBirdUntil: '2027-05-14' }, 'earlyBirdUntil', RETREAT_MESSAGES.earlyBirdBeforeStart],
    ];
    for (const [changes, path, message] of cases) {
      const answer = await f.api('PUT', `/api/admin/retreats/${made.id}`, { ...form, ...changes });
      expect(answer.status, JSON.stringify(changes)).toBe(422);
      expect(answer.body.error.details, JSON.stringify(changes)).toContainEqual({ path, message });
    }
  });
});
