import { describe, expect, it } from 'vitest';
import type { BookingState } from '../../src/lib/booking-lifecycle';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { MIGRATED_EDITIONS } from '../helpers/test-clock';

/**
 * The admin retreats API (admin spec sections 2 "Retreats" and "Retreat detail", 5 "Retreat form", 7; issue "Back
 * office III": capacity): list with search and counters, the price rule, add/edit with empty values as null and
 * exact cents, detail with its confirmed and pending bookings and places taken, delete keeping the bookings, audit
 * records; confirming past the places is refused unless overridden, and holds under concurrent confirmations.
 */

const f = useApiFixture({ clock: '2026-03-10T10:00:00.000Z' });

const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => f.api(method, path, body);
const get = (path: string) => f.api('GET', path);
const form = (overrides: Record<string, unknown> = {}) => ({
  name: 'Kevadretriit',
  location: 'Uluwatu, Bali',
  description: 'Kümme päeva joogat',
  startDate: '2026-04-01',
  endDate: '2026-04-10',
  arrivalDate: '',
  departureDate: '',
  basePrice: '1299.50',
  price: '',
  capacity: '',
  ...overrides,
});
async function retreat(overrides: Record<string, unknown> = {}) {
  const { status, body } = await send('POST', '/api/admin/retreats', form(overrides));
  expect(status, JSON.stringify(body)).toBe(201);
  return body.retreat as { id: number };
}
/** A spring edition on sale (1.–10.04.2026: the tests' clock, 10.03.2026, is before its registration closes). */
const spring = (capacity: number | null, name = 'Kevadretriit') => f.edition({ name, startDate: '2026-04-01', endDate: '2026-04-10', capacity });

/** A request for the edition, for the guest and `companions` companions, brought to `state` through the API. */
const bookOn = (edition: { edition: string | null }, companions = 0, state: BookingState = 'request') =>
  f.bookingIn(state, edition, { email: `g${Math.random().toString(36).slice(2, 9)}@example.com`, ...f.party(companions + 1) });
/** The edit dialog with the status given (and the override, if any). */
const editOf = async (id: number, overrides: Record<string, unknown> = {}) => f.editOf(await f.detail(id), { totalAmount: '', amountPaid: '', depositAmount: '', ...overrides });

describe('authorisation', () => {
  it('answers 401 without a session and 403 to a non-admin on every route', async () => {
    const user = await signedIn(f.app);
    for (const [method, path] of [
      ['GET', '/api/admin/retreats'],
      ['POST', '/api/admin/retreats'],
      ['GET', '/api/admin/retreats/1'],
      ['GET', '/api/admin/retreats/1/bookings'],
      ['PUT', '/api/admin/retreats/1'],
      ['DELETE', '/api/admin/retreats/1'],
    ] as const) {
      const anonymous = method === 'GET' ? await browser(f.app).get(path) : await browser(f.app).send(method, path, form());
      expect(anonymous.status, `${method} ${path}`).toBe(401);
      const plain = method === 'GET' ? await user.b.get(path) : await user.b.send(method, path, form());
      expect(plain.status, `${method} ${path}`).toBe(403);
    }
    expect(await f.app.count('retreats WHERE edition IS NULL')).toBe(0);
  });
});

describe('list, add, edit, delete', () => {
  it('names the editions migration 0017 made with the month in lower case (migration 0021, issue 21)', async () => {
    const names = (await f.app.rows("SELECT name FROM retreats WHERE edition IN ('nov-2025', 'jan-2026', 'mar-2026') ORDER BY start_date")).map((r) => r.name);
    expect(names).toEqual(['Uus algus retriit Balis – november 2025', 'Uus algus retriit Balis – jaanuar 2026', 'Uus algus retriit Balis – märts 2026']);
  });
  it('adds a retreat with empty values as null and prices as exact cents, and writes the audit record', async () => {
    const { id } = await retreat({ arrivalDate: '', price: '', capacity: '20', basePrice: '1 299,50' });
    const [row] = await f.app.rows(`SELECT * FROM retreats WHERE id = ${id}`);
    expect(row).toMatchObject({ name: 'Kevadretriit', arrival_date: null, departure_date: null, price_cents: null, base_price_cents: 129950, capacity: 20 });
    const [audit] = await f.app.rows("SELECT * FROM audit_logs WHERE action = 'retreat.create'");
    expect(audit).toMatchObject({ user_id: f.admin.userId, resource_type: 'retreat', resource_id: String(id) });
  });

  it('refuses bad input with 422 and field details, storing nothing', async () => {
    for (const [overrides, path, message] of [
      [{ name: '  ' }, 'name', 'Sisestage retriidi nimi'],
      [{ basePrice: '12.345' }, 'basePrice', expect.any(String)],
      [{ startDate: '2026-02-30' }, 'startDate', expect.any(String)],
      [{ endDate: '2026-03-01' }, 'endDate', 'Lõppkuupäev ei saa olla enne alguskuupäeva'],
      [{ capacity: '-1' }, 'capacity', 'Kohtade arv peab olema täisarv 0–1000'],
      [{ capacity: '2.5' }, 'capacity', 'Kohtade arv peab olema täisarv 0–1000'],
    ] as const) {
      const { status, body } = await send('POST', '/api/admin/retreats', form(overrides));
      expect(status, JSON.stringify(overrides)).toBe(422);
      expect(body.error.details, JSON.stringify(overrides)).toContainEqual({ path, message });
    }
    expect(await f.app.count('retreats WHERE edition IS NULL')).toBe(0);
  });

  it('searches name, location and description; counts total, upcoming and ongoing; shows price, else base price, else 0', async () => {
    // Without the three editions every database starts with (migration 0017), so the counts are this test's own.
    for (const { id } of MIGRATED_EDITIONS) await f.ok('DELETE', `/api/admin/retreats/${(await f.migrated(id)).id}`);
    await retreat({ name: 'Tulevik', startDate: '2026-04-01', endDate: '2026-04-10', price: '1500', basePrice: '1200' });
    await retreat({ name: 'Praegu', location: 'Canggu', startDate: '2026-03-05', endDate: '2026-03-15', basePrice: '900' });
    await retreat({ name: 'Möödas', description: 'Sügisene vaikus', startDate: '2025-10-01', endDate: '2025-10-10', basePrice: '' });
    await retreat({ name: 'Kuupäevata', startDate: '', endDate: '' });
    const all = (await get('/api/admin/retreats')).body;
    expect(all.counts).toEqual({ total: 4, upcoming: 1, ongoing: 1 });
    expect(all.items.map((r: { name: string }) => r.name)).toEqual(['Tulevik', 'Praegu', 'Möödas', 'Kuupäevata']);
    expect(all.items.map((r: { priceCents: number | null; basePriceCents: number | null }) => r.priceCents ?? r.basePriceCents ?? 0)).toEqual([150000, 90000, 0, 129950]);
    expect((await get('/api/admin/retreats?q=canggu')).body.items.map((r: { name: string }) => r.name)).toEqual(['Praegu']);
    expect((await get('/api/admin/retreats?q=vaikus')).body.items.map((r: { name: string }) => r.name)).toEqual(['Möödas']);
    expect((await get('/api/admin/retreats?q=%25')).body.total).toBe(0);
  });

  it('edits every field and records old and new values', async () => {
    const { id } = await retreat();
    const { status, body } = await send('PUT', `/api/admin/retreats/${id}`, form({ name: 'Uus nimi', price: '1400', capacity: '12', description: '' }));
    expect(status).toBe(200);
    expect(body.retreat).toMatchObject({ name: 'Uus nimi', priceCents: 140000, capacity: 12, description: null });
    const [audit] = await f.app.rows("SELECT metadata FROM audit_logs WHERE action = 'retreat.update'");
    expect(JSON.parse(String(audit!.metadata)).changes).toMatchObject({ name: { from: 'Kevadretriit', to: 'Uus nimi' }, capacity: { from: null, to: 12 } });
  });

  it('takes an edition\'s new dates: the dates are the admins\' (issue "Sell")', async () => {
    // An edition (its key given when it went on sale), taken off sale again.
    const { id, edition } = await f.edition({ name: 'Sügis', startDate: '2027-09-10', endDate: '2027-09-20' });
    expect(edition).toBe('sep-2027');
    await f.ok('PUT', `/api/admin/retreats/${id}/published`, { published: false });
    const moved = await send('PUT', `/api/admin/retreats/${id}`, form({ name: 'Sügis Balil', startDate: '2027-09-11', endDate: '2027-09-21', capacity: '16' }));
    expect(moved.status).toBe(200);
    expect(moved.body.retreat).toMatchObject({ edition: 'sep-2027', name: 'Sügis Balil', capacity: 16, startDate: '2027-09-11', endDate: '2027-09-21' });
  });

  it('refuses to delete a retreat with bookings (nothing changes), deletes one without; unknown and malformed ids are 404', async () => {
    const edition = await spring(null);
    const { id } = edition;
    const bookingId = await bookOn(edition);
    const refused = await send('DELETE', `/api/admin/retreats/${id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe('retreat_has_bookings');
    expect(await f.app.rows(`SELECT retreat_id FROM bookings WHERE id = ${bookingId}`)).toEqual([{ retreat_id: id }]);
    await f.ok('DELETE', `/api/admin/bookings/${bookingId}`);
    expect((await send('DELETE', `/api/admin/retreats/${id}`)).status).toBe(204);
    expect(await f.app.count("audit_logs WHERE action = 'retreat.delete'")).toBe(1);
    for (const path of [`/api/admin/retreats/${id}`, '/api/admin/retreats/abc', '/api/admin/retreats/0', '/api/admin/retreats/99999999999']) {
      const { status, body } = await get(path);
      expect(status, path).toBe(404);
      expect(body.error.message, path).toBe('Retriiti ei leitud');
    }
  });
});

describe('detail and places', () => {
  it('shows the confirmed and pending bookings and counts their people as places taken', async () => {
    const edition = await spring(10);
    const { id } = edition;
    const pending = await bookOn(edition, 2);
    const confirmed = await bookOn(edition, 0, 'confirmed');
    await bookOn(edition, 1, 'cancelled');
    const { body } = await get(`/api/admin/retreats/${id}`);
    expect(body.retreat.placesTaken).toBe(4);
    expect(body.retreat.bookings.map((b: { id: number }) => b.id).sort()).toEqual([pending, confirmed].sort());
    expect(body.retreat.bookings.find((b: { id: number }) => b.id === pending)).toMatchObject({ people: 3, status: 'pending', guestName: expect.any(String) });
    expect((await get('/api/admin/retreats')).body.items.find((r: { id: number }) => r.id === id)).toMatchObject({ placesTaken: 4, capacity: 10 });
    expect((await get(`/api/admin/retreats/${id}/bookings`)).body.items).toHaveLength(2);
  });
});

describe('capacity on confirmation', () => {
  it('refuses to confirm past the places (409, nothing changed), unless the admin overrides, which is recorded', async () => {
    const edition = await spring(3);
    const couple = await bookOn(edition, 1); // a pending couple holds 2 of the 3 places
    // A second pair waits (1 place left), and the organiser confirms it past the places: 2 confirmed.
    expect(await f.confirm(await bookOn(edition, 1, 'waiting'), true)).toMatchObject({ status: 'confirmed' });
    const refused = await send('PATCH', `/api/admin/bookings/${couple}`, await editOf(couple, { status: 'confirmed' }));
    expect(refused.status).toBe(409);
    // The pending couple holds its 2 places already; beside the confirmed 2 it does not fit in 3: 1 left, 2 needed.
    expect(refused.body.error).toEqual({ code: 'retreat_full', message: 'Retriidil on vabu kohti 1, selle broneeringu kinnitamiseks on vaja 2.' });
    expect(await f.app.rows(`SELECT status FROM bookings WHERE id = ${couple}`)).toEqual([{ status: 'pending' }]);

    const overridden = await send('PATCH', `/api/admin/bookings/${couple}`, await editOf(couple, { status: 'confirmed', overrideCapacity: true }));
    expect(overridden.status).toBe(200);
    expect(overridden.body.booking.status).toBe('confirmed');
    const [audit] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'booking.update' AND resource_id = '${couple}'`);
    expect(JSON.parse(String(audit!.metadata)).changes.overrideCapacity).toEqual({ from: null, to: true });
  });

  it('lets a booking that fits be confirmed, and edits of an already confirmed booking pass', async () => {
    const single = await bookOn(await spring(2));
    expect((await send('PATCH', `/api/admin/bookings/${single}`, await editOf(single, { status: 'confirmed' }))).status).toBe(200);
    expect((await send('PATCH', `/api/admin/bookings/${single}`, await editOf(single, { comments: 'Hiline saabumine' }))).status).toBe(200);
    const big = await bookOn(await spring(null, 'Piiramata'), 5);
    expect((await send('PATCH', `/api/admin/bookings/${big}`, await editOf(big, { status: 'confirmed' }))).status).toBe(200);
  });

  it('20 admins confirming the last place at once: exactly one succeeds', async () => {
    const edition = await spring(0);
    const { id } = edition;
    const candidates = [];
    // Waiting-list requests hold no place until confirmed (none is left: all 20 wait); then one place opens and all
    // 20 compete for it.
    for (let i = 0; i < 20; i++) candidates.push(await bookOn(edition, 0, 'waiting'));
    await f.editEdition(id, { capacity: '1' });
    const edits = await Promise.all(candidates.map((b) => editOf(b, { status: 'confirmed' })));
    const answers = await Promise.all(candidates.map((b, i) => send('PATCH', `/api/admin/bookings/${b}`, edits[i])));
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error.code === 'retreat_full')).toHaveLength(19);
    expect(await f.app.count(`bookings WHERE retreat_id = ${id} AND status = 'confirmed'`)).toBe(1);
  });
});
