import { bookingReferenceNumber } from '../../src/lib/reference-number';
import { readFileSync } from 'node:fs';
import { PAYMENT_MESSAGES } from '../../src/lib/payments';
import { describe, expect, it } from 'vitest';
import { expectAdminOnly, type Route } from '../helpers/admin-session';
import { euros, useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';

/**
 * The admin bookings API (admin spec sections 2 bookings, 4, 5, 7, 8, 9) over real HTTP and a real libSQL file:
 * authorisation on every route, the list's search, filters, counters, sort and paging, the detail, the writes with
 * their 409 for stale versions and their audit records, delete, the admin-made booking, the guests search, the
 * booking's e-mails and the e-mail test. Bad input gets 4xx JSON and changes nothing.
 */

const f = useApiFixture({ clock: '2026-03-01T08:00:00.000Z' });
const MARCH = { edition: 'mar-2026' };

// The tests' clock (1.03.2026) is past January's registration: book March, which is still open then.
async function book(overrides: Parameters<typeof validBooking>[0] = {}) {
  return (await f.request(MARCH, overrides)).id;
}

const get = (path: string) => f.api('GET', path);
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => f.api(method, path, body);
const detail = (id: number) => f.detail(id);
/** The edit dialog's body with the amounts left empty. */
const editOf = (b: Record<string, unknown>) => f.editOf(b, { totalAmount: '', amountPaid: '', depositAmount: '' });
const bookingRow = (id: number) => f.row(id);

describe('authorisation', () => {
  const ROUTES: Route[] = [
    ['GET', '/api/admin/bookings'],
    ['POST', '/api/admin/bookings', {}],
    ['GET', '/api/admin/bookings/1'],
    ['PATCH', '/api/admin/bookings/1', {}],
    ['DELETE', '/api/admin/bookings/1'],
    ['PATCH', '/api/admin/bookings/1/guest', {}],
    ['PUT', '/api/admin/bookings/1/services', {}],
    ['PUT', '/api/admin/bookings/1/companions', {}],
    ['GET', '/api/admin/bookings/1/emails'],
    ['GET', '/api/admin/bookings/1/travellers'],
    ['GET', '/api/admin/bookings/1/travellers/health'],
    ['POST', '/api/admin/bookings/1/emails/1/retry', {}],
    ['GET', '/api/admin/guests?q=a'],
    ['GET', '/api/admin/retreats'],
    ['POST', '/api/admin/email-test', { email: 'a@example.com', kind: 'test' }],
    ['GET', '/api/admin/dashboard'],
  ];

  it('every bookings endpoint answers 401 to anonymous and 403 to a signed-in non-admin, and changes nothing', async () => {
    const id = await book();
    const before = await bookingRow(id);
    await expectAdminOnly(f.app, ROUTES);
    expect(await bookingRow(id)).toEqual(before);
    expect(await f.app.count('email_outbox')).toBe(1 + 2); // the booking's confirmation and the two sign-up mails
  });
});

describe('GET /api/admin/bookings', () => {
  it('pages on the server, newest first, with counters over the whole table', async () => {
    const ids: number[] = [];
    for (let i = 0; i < 7; i++) {
      f.clock.tick(60_000);
      ids.push(await book({ firstName: `Mari${'abcdefg'[i]}`, lastName: 'Tamm' }));
    }
    await f.confirm(ids[0]!);
    await f.confirm(ids[1]!);
    // Paid in full: the balance paid.
    await f.pay(ids[0]!, (await detail(ids[0]!)).totals.remainingCents);

    const first = await get('/api/admin/bookings?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 7, page: 1, pageSize: 3, counts: { total: 7, confirmed: 2, pending: 5, fullyPaid: 1 } });
    expect(first.body.items.map((b: { id: number }) => b.id)).toEqual([ids[6], ids[5], ids[4]]);
    expect(first.body.items[0]).toMatchObject({ status: 'pending', paymentStatus: 'pending', roomType: 'single', guest: { firstName: 'Marig', lastName: 'Tamm', phone: '+37251234567' } });

    const last = await get('/api/admin/bookings?pageSize=3&page=3');
    expect(last.body.items.map((b: { id: number }) => b.id)).toEqual([ids[0]]);
    const past = await get('/api/admin/bookings?pageSize=3&page=9');
    expect(past.body).toMatchObject({ items: [], total: 7 });

    // A filter narrows `total`; the counters stay the whole table.
    const confirmed = await get('/api/admin/bookings?status=confirmed');
    expect(confirmed.body).toMatchObject({ total: 2, counts: { total: 7, confirmed: 2 } });
  });

  it('searches first name, last name, e-mail and status text (raw or as the screen shows it)', async () => {
    const kadri = await book({ firstName: 'Kadri', lastName: 'Kask', email: 'kadri.kask@example.com' });
    const peeter = await book({ firstName: 'Peeter', lastName: 'Põld', email: 'peeter@example.org' });
    await f.confirm(peeter);
    const ids = async (q: string) => (await get(`/api/admin/bookings?q=${encodeURIComponent(q)}`)).body.items.map((b: { id: number }) => b.id);
    expect(await ids('kadri')).toEqual([kadri]);
    expect(await ids('KASK')).toEqual([kadri]);
    expect(await ids('Põld')).toEqual([peeter]);
    expect(await ids('example.org')).toEqual([peeter]);
    expect(await ids('Kadri Kask')).toEqual([kadri]);
    expect(await ids('kinnitatud')).toEqual([peeter]);
    expect(await ids('confirmed')).toEqual([peeter]);
    expect(await ids('ootel')).toEqual([kadri]);
    // LIKE wildcards typed by the admin are literal characters.
    expect(await ids('%')).toEqual([]);
    expect(await ids('_')).toEqual([]);
  });

  it('finds a booking by its number or its reference number, as on the bank statement (issue "Collect")', async () => {
    const kadri = await book({ firstName: 'Kadri', lastName: 'Kask', email: 'kadri.kask@example.com' });
    const ids = async (q: string) => (await get(`/api/admin/bookings?q=${encodeURIComponent(q)}`)).body.items.map((b: { id: number }) => b.id);
    expect(await ids(`#${kadri}`)).toEqual([kadri]);
    expect(await ids(String(kadri))).toEqual([kadri]);
    expect(await ids(bookingReferenceNumber(kadri))).toEqual([kadri]);
    expect(await ids(`${bookingReferenceNumber(kadri).slice(0, 2)} ${bookingReferenceNumber(kadri).slice(2)}`)).toEqual([kadri]);
    expect(await ids('#999999')).toEqual([]);
  });

  it('sorts by each column and filters by payment status and retreat', async () => {
    const a = await book({ firstName: 'Anna', lastName: 'Zeller', email: 'z@example.com' });
    const b = await book({ firstName: 'Berta', lastName: 'Aavik', email: 'a@example.com' });
    await f.price(a, { totalCents: 100 });
    await f.pay(a, 50); // partly paid
    await f.price(b, { totalCents: 200 });
    const order = async (sort: string) => (await get(`/api/admin/bookings?sort=${sort}`)).body.items.map((x: { id: number }) => x.id);
    expect(await order('name')).toEqual([b, a]);
    expect(await order('-name')).toEqual([a, b]);
    expect(await order('email')).toEqual([b, a]);
    expect(await order('amount')).toEqual([a, b]);
    expect(await order('-amount')).toEqual([b, a]);
    expect(await order('created')).toEqual([a, b]);
    // "Summa" is the whole billed total (issue 21): with 150 of services a's 250 now comes after b's 200.
    await f.price(a, { services: [{ name: 'Massaaž', priceCents: 150 }] });
    expect(await order('amount')).toEqual([b, a]);
    expect((await get('/api/admin/bookings')).body.items.find((x: { id: number }) => x.id === a)).toMatchObject({ totalAmountCents: 100, owedCents: 250 });
    expect((await get('/api/admin/bookings?paymentStatus=partial')).body.items.map((x: { id: number }) => x.id)).toEqual([a]);
    const retreat = await f.edition({ name: 'Kevad', startDate: '2026-05-01', published: false });
    expect((await f.move(b, retreat.id)).status).toBe(200);
    const inRetreat = await get(`/api/admin/bookings?retreatId=${retreat.id}`);
    expect(inRetreat.body.items).toMatchObject([{ id: b, retreat: { id: retreat.id, name: 'Kevad' } }]);
  });

  it.each([
    ['sort=id;DROP TABLE bookings'],
    ['page=0'],
    ['page=-1'],
    ['pageSize=101'],
    ['pageSize=abc'],
    ['status=done'],
    ['paymentStatus=%27'],
    ['retreatId=1e3'],
    [`q=${'x'.repeat(101)}`],
  ])('refuses ?%s with a 422 naming the parameter', async (query) => {
    const res = await get(`/api/admin/bookings?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toBe(query.split('=')[0]);
    expect(await f.app.count('bookings')).toBe(0);
  });
});

describe('GET /api/admin/bookings/:id', () => {
  it('returns every section with the balance rule, and records the data access', async () => {
    const id = await book({
      travelWith: 'with-companions',
      companions: [
        { firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30' },
        { firstName: 'Liisa', lastName: 'Tamm', birthday: '1992-02-01' },
      ],
    } as Parameters<typeof validBooking>[0]);
    await f.price(id, { totalCents: 129900, services: [{ name: 'Massaaž', priceCents: 4550 }], companionPrices: [85000] });
    await f.pay(id, 30000);
    const views = () => f.app.count("audit_logs WHERE action = 'booking.view'");
    const viewsBefore = await views();
    const res = await get(`/api/admin/bookings/${id}`);
    expect(res.status).toBe(200);
    expect(await views()).toBe(viewsBefore + 1);
    expect((await f.admin.b.get(`/api/admin/bookings/${id}`)).headers.get('Cache-Control')).toBe('no-store');
    expect(res.body.booking).toMatchObject({
      id,
      // The request (1), its total, services and companion price (2–4), the payment (5).
      version: 5,
      status: 'pending',
      totalAmountCents: 129900,
      amountPaidCents: 30000,
      additionalServices: [{ name: 'Massaaž', priceCents: 4550, date: null }],
      companions: [
        { index: 0, firstName: 'Jaan', customPriceCents: 85000 },
        { index: 1, firstName: 'Liisa', customPriceCents: null },
      ],
      guest: { firstName: 'Mari', lastName: 'Tamm', dietaryPreferences: [], emergencyContact: null },
      customer: { id: expect.any(String) },
      totals: { servicesCents: 4550, companionsCents: 85000, remainingCents: 129900 + 4550 + 85000 - 30000 },
    });
    const access = await f.app.rows("SELECT user_id, severity, resource_type, resource_id FROM audit_logs WHERE action = 'booking.view' ORDER BY id DESC LIMIT 1");
    expect(access).toEqual([{ user_id: f.admin.userId, severity: 'low', resource_type: 'booking', resource_id: String(id) }]);
  });

  it.each(['999', 'abc', '1.5', '-1', '0', '99999999999'])('id %s is a JSON 404 with the spec text', async (id) => {
    const res = await get(`/api/admin/bookings/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject({ code: 'not_found', message: 'Broneeringut ei leitud' });
  });
});

describe('PATCH /api/admin/bookings/:id', () => {
  it('saves amounts as exact cents, empty values as null, bumps the version and audits old → new', async () => {
    const id = await book();
    const before = await detail(id);
    const res = await send('PATCH', `/api/admin/bookings/${id}`, {
      ...editOf(before),
      status: 'confirmed',
      paymentStatus: 'partial',
      totalAmount: '1299.99',
      depositAmount: '',
      specialRequests: '',
      comments: 'Helistab homme',
    });
    expect(res.status).toBe(200);
    expect(res.body.booking).toMatchObject({ version: 2, status: 'confirmed', totalAmountCents: 129999, depositAmountCents: null, specialRequests: null, comments: 'Helistab homme' });
    const row = await bookingRow(id);
    expect(row).toMatchObject({ total_amount_cents: 129999, special_requests: null });
    const [audit] = await f.app.rows("SELECT user_id, severity, metadata FROM audit_logs WHERE action = 'booking.update'");
    expect(audit!.user_id).toBe(f.admin.userId);
    expect(JSON.parse(String(audit!.metadata)).changes).toMatchObject({
      status: { from: 'pending', to: 'confirmed' },
      // The request was priced when made (1.03.2026 for 14.03.2026: the full payment only, 1234 €).
      totalAmountCents: { from: 123400, to: 129999 },
      // The booking form's free text (experience, diet) is personal: changed, without its values (issue 37).
      specialRequests: { changed: true },
    });
  });

  it("keeps the amount paid the ledger's: an edit may repeat it, not change it (422 on amountPaid, nothing written)", async () => {
    const id = await book();
    const before = await detail(id);
    const rowBefore = await bookingRow(id);
    const res = await send('PATCH', `/api/admin/bookings/${id}`, { ...editOf(before), amountPaid: '300,50', comments: 'muudetud' });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([{ path: 'amountPaid', message: PAYMENT_MESSAGES.amountPaidFromLedger }]);
    expect(await bookingRow(id)).toEqual(rowBefore);
  });

  it('refuses a stale version with 409 and the Estonian explanation, writing nothing', async () => {
    const id = await book();
    const loaded = await detail(id);
    expect((await send('PATCH', `/api/admin/bookings/${id}`, { ...editOf(loaded), comments: 'esimene' })).status).toBe(200);
    const before = await bookingRow(id);
    const stale = await send('PATCH', `/api/admin/bookings/${id}`, { ...editOf(loaded), comments: 'teine' });
    expect(stale.status).toBe(409);
    expect(stale.body.error).toMatchObject({ code: 'booking_changed', message: expect.stringContaining('vahepeal') });
    expect(await bookingRow(id)).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action = 'booking.update'")).toBe(1);
  });

  it('of two concurrent edits from the same version exactly one wins', async () => {
    const id = await book();
    const loaded = await detail(id);
    const results = await Promise.all(['üks', 'kaks', 'kolm', 'neli'].map((c) => send('PATCH', `/api/admin/bookings/${id}`, { ...editOf(loaded), comments: c })));
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
    expect((await bookingRow(id))!.version).toBe(2);
    expect(await f.app.count("audit_logs WHERE action = 'booking.update'")).toBe(1);
  });

  it.each([
    [{ amountPaid: '12.345' }, 'amountPaid'],
    [{ amountPaid: '-1' }, 'amountPaid'],
    [{ totalAmount: '1e3' }, 'totalAmount'],
    [{ totalAmount: 12.5 }, 'totalAmount'],
    [{ status: 'done' }, 'status'],
    [{ roomType: 'penthouse' }, 'roomType'],
    [{ version: 'x' }, 'version'],
  ])('refuses %j with 422 on %s and changes nothing', async (patch, field) => {
    const id = await book();
    const before = await bookingRow(id);
    const res = await send('PATCH', `/api/admin/bookings/${id}`, { ...editOf(await detail(id)), ...patch });
    expect(res.status).toBe(422);
    expect(res.body.error.details.map((d: { path: string }) => d.path)).toContain(field);
    expect(await bookingRow(id)).toEqual(before);
  });

  it('a malformed body is a 400, a missing booking a 404', async () => {
    const id = await book();
    expect((await f.admin.b.send('PATCH', `/api/admin/bookings/${id}`, '{"version":')).status).toBe(400);
    const missing = await send('PATCH', '/api/admin/bookings/424242', { ...editOf(await detail(id)) });
    expect(missing.status).toBe(404);
  });
});

describe('guest, services and companion prices', () => {
  it('edits the guest with the shared rules and audits it', async () => {
    const id = await book();
    const res = await send('PATCH', `/api/admin/bookings/${id}/guest`, {
      firstName: 'Mari-Liis',
      lastName: 'Tamm',
      dateOfBirth: '1990-05-01',
      email: 'Mari.Liis@Example.com',
      phone: '+372 5555 1234',
      nationality: 'Eesti',
      passportNumber: 'K1234567',
      dietaryPreferences: ['taimetoit'],
      emergencyContact: { name: 'Jaan Tamm', phone: '+37251111111', relationship: 'abikaasa' },
      healthInfo: { allergies: 'pähklid' },
    });
    expect(res.status).toBe(200);
    expect(res.body.booking.guest).toMatchObject({ firstName: 'Mari-Liis', email: 'mari.liis@example.com', phone: '+37255551234', passportNumber: 'K1234567', emergencyContact: { relationship: 'abikaasa' }, hasHealthInfo: true });
    const [audit] = await f.app.rows("SELECT resource_type, metadata FROM audit_logs WHERE action = 'guest.update'");
    expect(audit!.resource_type).toBe('guest');
    // Sensitive fields are recorded as changed, never with their values (issue "Privacy and safety", T2).
    const changes = JSON.parse(String(audit!.metadata)).changes;
    expect(changes).toMatchObject({ passportNumber: { changed: true }, healthInfo: { changed: true }, firstName: { from: 'Mari', to: 'Mari-Liis' } });
    expect(String(audit!.metadata)).not.toMatch(/K1234567|pähklid/);
    const trail = await readJson(await f.admin.b.get('/api/admin/audit?pageSize=100'));
    expect(JSON.stringify(trail)).not.toMatch(/K1234567|pähklid/);

    const bad = await send('PATCH', `/api/admin/bookings/${id}/guest`, { firstName: 'M', lastName: 'Tamm', email: 'ei-ole' });
    expect(bad.status).toBe(422);
    expect(bad.body.error.details).toEqual(
      expect.arrayContaining([
        { path: 'firstName', message: 'Name must be at least 2 characters' },
        { path: 'email', message: 'Please enter a valid email address' },
      ]),
    );
  });

  it('keeps the guest\'s health information out of every booking answer; it comes only when asked for, audited', async () => {
    const id = await book();
    const health = { medicalConditions: 'astma', medications: 'inhalaator', allergies: 'pähklid' };
    const saved = await send('PATCH', `/api/admin/bookings/${id}/guest`, { firstName: 'Mari', lastName: 'Tamm', email: 'mari.h@example.com', healthInfo: health });
    expect(saved.status).toBe(200);
    const leaks = (body: unknown) => /astma|inhalaator|pähklid/.test(JSON.stringify(body));
    expect(leaks(saved.body)).toBe(false);
    expect(saved.body.booking.guest.hasHealthInfo).toBe(true);
    // The detail, and an answer that carries it (a payment), say only that there is some.
    expect(leaks(await detail(id))).toBe(false);
    const paid = await send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount: '100', method: 'bank_transfer', receivedOn: '2026-03-01' });
    expect(paid.status).toBe(201);
    expect(leaks(paid.body)).toBe(false);
    expect(await f.app.count("audit_logs WHERE action = 'guest.health_read'")).toBe(0);
    // Asked for: the values, and one audited read each time, medium severity.
    const asked = await f.admin.b.get(`/api/admin/bookings/${id}/guest/health`);
    expect(asked.headers.get('cache-control')).toBe('no-store');
    expect(await readJson(asked)).toEqual({ healthInfo: health });
    expect(await f.app.rows("SELECT user_id, severity, resource_id FROM audit_logs WHERE action = 'guest.health_read'")).toEqual([{ user_id: f.admin.userId, severity: 'medium', resource_id: String(id) }]);
    expect((await f.admin.b.get('/api/admin/bookings/424242/guest/health')).status).toBe(404);
    expect(await f.app.count("audit_logs WHERE action = 'guest.health_read'")).toBe(1);
  });

  it('migration 0018 takes the values of sensitive fields out of the guest edits recorded before', async () => {
    const metadata = JSON.stringify({ bookingId: 1, changes: { passportNumber: { from: null, to: 'K7654321' }, healthInfo: { from: null, to: { allergies: 'pähklid' } }, phone: { from: null, to: '+37251234567' } } });
    await f.app.deps.sql.execute({ sql: "INSERT INTO audit_logs (action, severity, metadata, created_at) VALUES ('guest.update', 'medium', ?, '2026-01-01T00:00:00.000Z')", args: [metadata] });
    const sqlText = readFileSync(new URL('../../migrations/0018_audit_without_sensitive_values.sql', import.meta.url), 'utf8');
    for (const statement of sqlText.split('--> statement-breakpoint')) await f.app.deps.sql.execute(statement);
    const [row] = await f.app.rows("SELECT metadata FROM audit_logs WHERE action = 'guest.update' AND created_at = '2026-01-01T00:00:00.000Z'");
    expect(JSON.parse(String(row!.metadata)).changes).toEqual({ passportNumber: { changed: true }, healthInfo: { changed: true }, phone: { from: null, to: '+37251234567' } });
  });

  it('replaces the services list with the spec messages; an empty list is stored as null', async () => {
    const id = await book();
    const { version } = await detail(id);
    const missing = await send('PUT', `/api/admin/bookings/${id}/services`, { version, services: [{ name: 'Massaaž', price: '' }] });
    expect(missing.status).toBe(422);
    expect(missing.body.error.details[0]).toEqual({ path: 'services.0.price', message: 'Palun täitke nõutavad väljad (nimi ja hind)' });
    const invalid = await send('PUT', `/api/admin/bookings/${id}/services`, { version, services: [{ name: 'Massaaž', price: '0' }] });
    expect(invalid.body.error.details[0]).toEqual({ path: 'services.0.price', message: 'Palun sisestage kehtiv hind' });

    const saved = await send('PUT', `/api/admin/bookings/${id}/services`, { version, services: [{ name: 'Massaaž', price: '45.50', date: '2026-03-15', startTime: '10:00' }, { name: 'Surf', price: '60' }] });
    expect(saved.status).toBe(200);
    expect(saved.body.booking.totals.servicesCents).toBe(10550);
    expect(JSON.parse(String((await bookingRow(id))!.additional_services))).toEqual([
      { name: 'Massaaž', price_cents: 4550, date: '2026-03-15', start_time: '10:00', end_time: null, address: null, service_provider: null },
      { name: 'Surf', price_cents: 6000, date: null, start_time: null, end_time: null, address: null, service_provider: null },
    ]);
    const emptied = await send('PUT', `/api/admin/bookings/${id}/services`, { version: version + 1, services: [] });
    expect(emptied.status).toBe(200);
    expect((await bookingRow(id))!.additional_services).toBeNull();
    expect(await f.app.count("audit_logs WHERE action = 'booking.services'")).toBe(2);
    expect((await send('PUT', `/api/admin/bookings/${id}/services`, { version, services: [] })).status).toBe(409);
  });

  it('sets companion prices by index; an index past the list is refused', async () => {
    const id = await book({ travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30' }] } as Parameters<typeof validBooking>[0]);
    const { version } = await detail(id);
    const res = await send('PUT', `/api/admin/bookings/${id}/companions`, { version, companions: [{ index: 0, customPrice: '850.25' }] });
    expect(res.status).toBe(200);
    expect(res.body.booking.companions[0]).toMatchObject({ firstName: 'Jaan', customPriceCents: 85025 });
    expect(res.body.booking.totals.companionsCents).toBe(85025);
    const bad = await send('PUT', `/api/admin/bookings/${id}/companions`, { version: version + 1, companions: [{ index: 3, customPrice: '1' }] });
    expect(bad.status).toBe(422);
    const badPrice = await send('PUT', `/api/admin/bookings/${id}/companions`, { version: version + 1, companions: [{ index: 0, customPrice: '1.001' }] });
    expect(badPrice.status).toBe(422);
    expect(JSON.parse(String((await bookingRow(id))!.companions))[0].custom_price_cents).toBe(85025);
  });
});

describe('DELETE /api/admin/bookings/:id', () => {
  it('deletes, records what was deleted, then answers 404', async () => {
    const id = await book();
    expect((await send('DELETE', `/api/admin/bookings/${id}`)).status).toBe(204);
    expect(await f.app.count('bookings')).toBe(0);
    const [audit] = await f.app.rows("SELECT metadata FROM audit_logs WHERE action = 'booking.delete'");
    expect(JSON.parse(String(audit!.metadata)).deleted).toMatchObject({ id, status: 'pending' });
    expect((await send('DELETE', `/api/admin/bookings/${id}`)).status).toBe(404);
    expect((await get(`/api/admin/bookings/${id}`)).status).toBe(404);
    // The guest stays (a client's history), the outbox row loses its link.
    expect(await f.app.count('guests')).toBe(1);
  });
});

describe('POST /api/admin/bookings (admin-made booking)', () => {
  async function guestId() {
    await book({ firstName: 'Kadri', lastName: 'Kask', email: 'kadri@example.com' });
    const [row] = await f.app.rows("SELECT id FROM guests WHERE email = 'kadri@example.com'");
    return String(row!.id);
  }

  it('computes the total itself (a sent total is ignored): confirmed, nothing paid, balance not paid', async () => {
    const id = await guestId();
    const res = await send('POST', '/api/admin/bookings', { guestId: id, checkInDate: '2026-03-10', checkOutDate: '2026-03-20', roomType: 'shared', totalAmount: '1', totalAmountCents: 1, adminNotes: 'Telefonitsi' });
    expect(res.status).toBe(201);
    const created = await detail(res.body.booking.id);
    expect(created).toMatchObject({
      status: 'confirmed',
      paymentStatus: 'pending',
      amountPaidCents: 0,
      balancePaid: false,
      roomType: 'shared',
      totalAmountCents: 10 * 10000,
      checkInDate: '2026-03-10',
      checkOutDate: '2026-03-20',
      arrivalDate: '2026-03-10',
      departureDate: '2026-03-20',
      bookingDate: '2026-03-01',
      comments: 'Telefonitsi',
      source: 'admin',
      guest: { id },
      customer: { id: expect.any(String) },
    });
    const [audit] = await f.app.rows("SELECT resource_id, metadata FROM audit_logs WHERE action = 'booking.create'");
    expect(audit!.resource_id).toBe(String(res.body.booking.id));
    expect(JSON.parse(String(audit!.metadata)).created).toMatchObject({ totalAmountCents: 100000, nights: 10 });
  });

  it.each([
    ['single', 15000],
    ['double', 20000],
  ])('%s costs %i cents a night', async (roomType, rate) => {
    const res = await send('POST', '/api/admin/bookings', { guestId: await guestId(), checkInDate: '2026-03-02', checkOutDate: '2026-03-05', roomType, paymentStatus: 'paid' });
    expect((await detail(res.body.booking.id)).totalAmountCents).toBe(3 * rate);
  });

  it('refuses missing fields, dates out of order and past days with the spec messages, creating nothing', async () => {
    const id = await guestId();
    const cases: [Record<string, unknown>, string, string][] = [
      [{}, 'guestId', 'Palun täitke kõik kohustuslikud väljad'],
      [{ guestId: id, checkInDate: '2026-03-10', checkOutDate: '2026-03-12' }, 'roomType', 'Palun täitke kõik kohustuslikud väljad'],
      [{ guestId: id, checkInDate: '2026-03-10', checkOutDate: '2026-03-10', roomType: 'single' }, 'checkOutDate', 'Lahkumise kuupäev peab olema saabumisest hiljem'],
      [{ guestId: id, checkInDate: '2026-02-28', checkOutDate: '2026-03-10', roomType: 'single' }, 'checkInDate', 'Möödunud kuupäeva ei saa valida'],
      [{ guestId: id, checkInDate: '2026-03-10', checkOutDate: '2026-03-12', roomType: 'single', paymentStatus: 'overdue' }, 'paymentStatus', ''],
      [{ guestId: 'no-such-guest', checkInDate: '2026-03-10', checkOutDate: '2026-03-12', roomType: 'single' }, 'guestId', 'Valitud klienti ei leitud.'],
      [{ guestId: id, retreatId: 999, checkInDate: '2026-03-10', checkOutDate: '2026-03-12', roomType: 'single' }, 'retreatId', 'Valitud retriiti ei leitud.'],
    ];
    for (const [body, path, message] of cases) {
      const res = await send('POST', '/api/admin/bookings', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      const issue = res.body.error.details.find((d: { path: string }) => d.path === path);
      expect(issue, JSON.stringify(res.body)).toBeTruthy();
      if (message) expect(issue.message).toBe(message);
    }
    expect(await f.app.count('bookings')).toBe(1);
  });

  it('a companion is not a client', async () => {
    await book({ travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30' }] } as Parameters<typeof validBooking>[0]);
    const [companion] = await f.app.rows('SELECT id FROM guests WHERE is_companion = 1');
    const res = await send('POST', '/api/admin/bookings', { guestId: companion!.id, checkInDate: '2026-03-10', checkOutDate: '2026-03-12', roomType: 'single' });
    expect(res.status).toBe(422);
  });
});

describe('GET /api/admin/guests', () => {
  it('searches main guests on the server, at most 20, companions left out', async () => {
    for (let i = 0; i < 22; i++) await book({ firstName: `Anne${'abcdefghijklmnopqrstuv'[i]}`, lastName: 'Saar' });
    await book({ firstName: 'Ott', lastName: 'Saar', travelWith: 'with-companions', companions: [{ firstName: 'Oskar', lastName: 'Saar', birthday: '1985-09-30' }] } as Parameters<typeof validBooking>[0]);
    const all = await get('/api/admin/guests?q=saar');
    expect(all.body.items).toHaveLength(20);
    expect(all.body.items[0]).toMatchObject({ firstName: 'Annea', lastName: 'Saar', email: expect.any(String) });
    expect((await get('/api/admin/guests?q=oskar')).body.items).toEqual([]);
    expect((await get('/api/admin/guests?q=Ott%20Saar')).body.items.map((g: { firstName: string }) => g.firstName)).toEqual(['Ott']);
  });
});

describe("a booking's e-mails", () => {
  it('lists them with their state and sends one again', async () => {
    const id = await book();
    const emails = await get(`/api/admin/bookings/${id}/emails`);
    expect(emails.body.items).toMatchObject([{ kind: 'booking_confirmation', status: 'sent', attempts: 1, lastError: null }]);
    const again = await send('POST', `/api/admin/bookings/${id}/emails/${emails.body.items[0].id}/retry`, {});
    expect(again.status).toBe(200);
    expect(again.body.email).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await f.app.count("audit_logs WHERE action = 'booking.email_resend'")).toBe(1);
    const other = await book();
    expect((await send('POST', `/api/admin/bookings/${other}/emails/${emails.body.items[0].id}/retry`, {})).status).toBe(404);
  });

  it('answers within the bounded wait while SendGrid hangs, the message still pending for the outbox', async () => {
    const id = await book();
    const [email] = (await get(`/api/admin/bookings/${id}/emails`)).body.items;
    const stub = await f.sendGrid({ timeoutMs: 2500 });
    f.app.deps.config.confirmationWaitMs = 300;
    stub.setMode('hang');
    const started = performance.now();
    const again = await send('POST', `/api/admin/bookings/${id}/emails/${email.id}/retry`, {});
    expect(performance.now() - started).toBeLessThan(2000);
    expect(again.status).toBe(200);
    expect(again.body.email).toMatchObject({ id: email.id, status: 'pending', attempts: 1 });
    await Promise.allSettled(f.app.background);
  });
});

describe('POST /api/admin/email-test', () => {
  it('sends a test message and the real confirmation template through the outbox', async () => {
    const test = await send('POST', '/api/admin/email-test', { email: 'proov@example.com', kind: 'test' });
    expect(test.body).toMatchObject({ result: 'sent', outboxId: expect.any(Number) });
    const real = await send('POST', '/api/admin/email-test', { email: 'proov@example.com', kind: 'booking_confirmation' });
    expect(real.body.result).toBe('sent');
    const rows = await f.app.rows("SELECT kind, subject, status FROM email_outbox WHERE to_address = 'proov@example.com' ORDER BY id");
    expect(rows).toMatchObject([
      { kind: 'email_test_test', status: 'sent' },
      { kind: 'email_test_booking_confirmation', subject: expect.stringContaining('Broneeringu taotlus'), status: 'sent' },
    ]);
    expect(await f.app.count("audit_logs WHERE action = 'email.test'")).toBe(2);
    const bad = await send('POST', '/api/admin/email-test', { email: 'ei-ole', kind: 'test' });
    expect(bad.status).toBe(422);
    expect(await f.app.count("email_outbox WHERE to_address = 'ei-ole'")).toBe(0);
  });
});

describe('GET /api/admin/dashboard', () => {
  it('counts, and the upcoming retreats with bookings, confirmed, pending, people and their money', async () => {
    const spring = await f.edition({ name: 'Kevad', startDate: '2026-04-01', endDate: '2026-04-11' });
    await f.edition({ name: 'Möödunud', startDate: '2025-11-01', published: false });
    const a = (await f.request(spring, f.party(2))).id;
    const b = (await f.request(spring)).id;
    const c = (await f.request(spring)).id;
    await f.confirm(a);
    // Money: a owes 1 299 € and paid 300 €; b owes 1 000 €, paid nothing and is overdue; cancelled c does not count.
    await f.price(a, { totalCents: 129900 });
    await f.pay(a, 30000);
    await f.edit(b, { totalAmount: euros(100000), paymentStatus: 'overdue' });
    await f.price(c, { totalCents: 500000 });
    await f.pay(c, 1000);
    await f.edit(c, { paymentStatus: 'overdue' });
    await f.cancel(c, 0);
    // Two contact-form messages, one of them answered: one is new.
    for (const [name, email] of [['Mari', 'mari@example.com'], ['Jüri', 'jyri@example.com']]) {
      expect((await f.app.post('/api/contact', { name, email, message: 'Tere', website: '' })).status).toBe(201);
    }
    const { items: messages } = await f.ok('GET', '/api/admin/contact-messages');
    await f.ok('POST', `/api/admin/contact-messages/${messages.find((m: { name: string }) => m.name === 'Jüri').id}/reply`, { subject: 'Re: Tere', text: 'Tere, Jüri!' });
    const res = await get('/api/admin/dashboard');
    expect(res.body).toEqual({
      counts: { users: 1, clients: 3, bookings: 3, retreats: 5, newMessages: 1 }, // the two above and the three editions migration 0017 made
      upcomingRetreats: [
        // The edition the other tests book; these bookings are on "Kevad".
        {
          id: expect.any(Number),
          name: 'Uus algus retriit Balis – märts 2026',
          startDate: '2026-03-14',
          endDate: '2026-03-24',
          bookings: 0,
          confirmed: 0,
          pending: 0,
          people: 0,
          billedCents: 0,
          receivedCents: 0,
          outstandingCents: 0,
          refundOwedCents: 0,
          overdue: 0,
          toSign: 0,
          // The go/no-go (issue 24): on 1.03.2026 both balance due days (60 days before) have passed undecided.
          minParticipants: 8,
          confirmedPeople: 0,
          paidPeople: 0,
          decisionDay: '2026-01-13',
          decision: 'open',
          decisionAlert: 'overdue',
        },
        {
          id: spring.id,
          name: 'Kevad',
          startDate: '2026-04-01',
          endDate: '2026-04-11',
          bookings: 3,
          confirmed: 1,
          pending: 1,
          people: 3,
          // The cancelled c is billed what it kept (all its 10 €: it was cancelled with nothing refunded).
          billedCents: 229900 + 1000,
          receivedCents: 30000 + 1000,
          outstandingCents: 199900,
          refundOwedCents: 0,
          overdue: 1,
          // Issue 42: the bookers signed in the form; a's adult companion has yet to.
          toSign: 1,
          // a and its companion are confirmed; nobody's deposit is paid (booked a month before, a is on the full payment:
          // its 300 € is part of one sum).
          minParticipants: 8,
          confirmedPeople: 2,
          paidPeople: 0,
          decisionDay: '2026-01-31',
          decision: 'open',
          decisionAlert: 'overdue',
        },
      ],
      criticalEvents: { total: 0, items: [] },
    });
  });
});
