import { describe, expect, it } from 'vitest';
import { CLIENT_MESSAGES } from '../../src/lib/admin/clients';
import { API_ERRORS } from '../../src/lib/api-errors';
import { FIELD_MESSAGES } from '../../src/lib/validation/messages';
import { SYNC_CHUNK } from '../../worker/admin/clients';
import { expectAdminOnly, type Route } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { validBooking } from '../helpers/booking-fixtures';
/**
 * The admin clients API (admin spec sections 2 clients, 3 customer, 5 customer add/edit, sync and delete, 7, 8) over
 * real HTTP and a real libSQL file: authorisation on every route; add and edit with the spec's required-fields
 * message and a 409 for a taken address; the list's search, paging and counters ("joined today" on the Tallinn
 * calendar, through the injected clock); one client with their bookings and what they still owe; delete of a
 * client with their bookings in one batch with its audit record; the sync of bookers. Bad input is a 4xx and
 * changes nothing.
 */

const f = useApiFixture({ clock: '2026-03-01T08:00:00.000Z' });

const get = (path: string) => f.api('GET', path);
const send = (method: 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown) => f.api(method, path, body);
const add = (body: Record<string, unknown>) => send('POST', '/api/admin/clients', body);
const addOk = async (body: Record<string, unknown>) => {
  const res = await add(body);
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.client as { id: string; email: string };
};
const ids = (res: { body: { items: { id: string }[] } }) => res.body.items.map((c) => c.id);
const clientRow = async (id: string) => (await f.app.rows(`SELECT * FROM customers WHERE id = '${id}'`))[0];
const audits = async (action: string) =>
  (await f.app.rows(`SELECT user_id, action, severity, resource_type, resource_id, metadata FROM audit_logs WHERE action = '${action}' ORDER BY id`)).map((r) => ({
    ...r,
    metadata: r.metadata === null ? null : JSON.parse(String(r.metadata)),
  }));

/** A booking through the public form: its guest, its booking and (by the booking flow) its client. */
// The tests' clock (1.03.2026) is past January's registration: book March, which is still open then.
async function book(overrides: Parameters<typeof validBooking>[0] = {}) {
  return (await f.request({ edition: 'mar-2026' }, overrides)).id;
}
const clientIdOf = async (email: string) => String((await f.app.rows(`SELECT id FROM customers WHERE email = '${email}'`))[0]!.id);

/** A client written straight into the table with a chosen join time. */
async function insertClient(firstName: string, createdAt: string, email = `${firstName.toLowerCase()}.${Math.random().toString(36).slice(2, 8)}@example.com`) {
  const id = crypto.randomUUID();
  await f.app.deps.sql.execute({
    sql: 'INSERT INTO customers (id, first_name, last_name, email, phone_number, created_at, updated_at) VALUES (?, ?, ?, ?, NULL, ?, ?)',
    args: [id, firstName, 'Kask', email, createdAt, createdAt],
  });
  return id;
}

const NOT_FOUND = { code: 'not_found', message: CLIENT_MESSAGES.notFound };
const SOME_UUID = '5f0c7a52-3c4e-4d7b-9a57-0a7c2f1e9b11';
const MALFORMED_IDS = ['abc', '1', `${SOME_UUID}x`, SOME_UUID.replaceAll('-', ''), "'%20OR%201=1", '..%2F..%2Fetc'];

describe('authorisation', () => {
  it('every clients endpoint answers 401 to anonymous and 403 to a signed-in non-admin, and changes nothing', async () => {
    await book();
    const id = await clientIdOf((await f.app.rows('SELECT email FROM customers'))[0]!.email as string);
    const routes: Route[] = [
      ['GET', '/api/admin/clients'],
      ['POST', '/api/admin/clients', { firstName: 'Mari', lastName: 'Tamm', email: 'uus@example.com' }],
      ['POST', '/api/admin/clients/sync', {}],
      ['GET', `/api/admin/clients/${id}`],
      ['PATCH', `/api/admin/clients/${id}`, { firstName: 'Muudetud', lastName: 'Tamm', email: 'muudetud@example.com' }],
      ['DELETE', `/api/admin/clients/${id}`],
    ];
    const before = await f.app.rows('SELECT * FROM customers');
    await expectAdminOnly(f.app, routes);
    expect(await f.app.rows('SELECT * FROM customers')).toEqual(before);
    expect(await f.app.count('bookings')).toBe(1);
    expect(await f.app.count("audit_logs WHERE action LIKE 'customer.%'")).toBe(0);
  });
});

describe('POST /api/admin/clients', () => {
  it('adds a client (names trimmed, e-mail lowercased, phone without formatting) and records who added what', async () => {
    const res = await add({ firstName: '  Kadri ', lastName: 'Kask  ', email: ' Kadri.Kask@Example.COM ', phone: '+372 5123-4567' });
    expect(res.status).toBe(201);
    expect(res.body.client).toMatchObject({ id: expect.stringMatching(/^[0-9a-f-]{36}$/), firstName: 'Kadri', lastName: 'Kask', email: 'kadri.kask@example.com', phone: '+37251234567', createdAt: f.clock.now.toISOString(), bookingCount: 0, bookings: [] });
    expect(await clientRow(res.body.client.id)).toMatchObject({ email: 'kadri.kask@example.com', phone_number: '+37251234567', created_at: f.clock.now.toISOString() });
    expect(await audits('customer.create')).toEqual([
      {
        user_id: f.admin.userId,
        action: 'customer.create',
        severity: 'medium',
        resource_type: 'customer',
        resource_id: res.body.client.id,
        // A phone is personal data: the record says there was one, not which (issue 37).
        metadata: { created: { firstName: 'Kadri', lastName: 'Kask', email: 'kadri.kask@example.com', phoneNumber: { withheld: true } } },
      },
    ]);
  });

  it('phone is optional', async () => {
    const client = await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com', phone: '' });
    expect(await clientRow(client.id)).toMatchObject({ phone_number: null });
    expect((await addOk({ firstName: 'Jaan', lastName: 'Tamm', email: 'jaan@example.com' })).email).toBe('jaan@example.com');
  });

  it('missing first name, last name or e-mail: the spec message under each, whitespace counting as missing; nothing written', async () => {
    const res = await add({ firstName: '   ', lastName: '', phone: '' });
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details).toEqual([
      { path: 'firstName', message: 'Palun täitke kõik kohustuslikud väljad (eesnimi, perekonnanimi, e-mail)' },
      { path: 'lastName', message: 'Palun täitke kõik kohustuslikud väljad (eesnimi, perekonnanimi, e-mail)' },
      { path: 'email', message: 'Palun täitke kõik kohustuslikud väljad (eesnimi, perekonnanimi, e-mail)' },
    ]);
    expect(await f.app.count('customers')).toBe(0);
    expect(await f.app.count("audit_logs WHERE action LIKE 'customer.%'")).toBe(0);
  });

  it.each([
    [{ email: 'ei-ole-aadress' }, 'email', FIELD_MESSAGES.emailInvalid],
    [{ phone: '12ab' }, 'phone', FIELD_MESSAGES.phoneInvalid],
    [{ firstName: 'R2D2' }, 'firstName', FIELD_MESSAGES.nameInvalid],
    [{ lastName: 'K' }, 'lastName', FIELD_MESSAGES.nameTooShort],
  ])('%j is refused on %s with the shared rule message', async (patch, path, message) => {
    const res = await add({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com', ...patch });
    expect(res.status).toBe(422);
    expect(res.body.error.details).toEqual([{ path, message }]);
    expect(await f.app.count('customers')).toBe(0);
  });

  it('an address already taken (in any letter case) is a 409 with the Estonian message for the e-mail field', async () => {
    await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com' });
    const res = await add({ firstName: 'Teine', lastName: 'Mari', email: 'MARI@example.com ' });
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({
      code: 'client_email_taken',
      message: 'Selle e-posti aadressiga klient on juba olemas.',
      details: [{ path: 'email', message: 'Selle e-posti aadressiga klient on juba olemas.' }],
    });
    expect(await f.app.count('customers')).toBe(1);
    expect(await f.app.count("audit_logs WHERE action = 'customer.create'")).toBe(1);
  });

  it('of concurrent adds with one address exactly one succeeds, with one audit record', async () => {
    const results = await Promise.all([1, 2, 3, 4].map((n) => add({ firstName: 'Mari', lastName: `Tamm${'abcd'[n - 1]}`, email: 'sama@example.com' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 409, 409, 409]);
    expect(await f.app.count('customers')).toBe(1);
    expect(await f.app.count("audit_logs WHERE action = 'customer.create'")).toBe(1);
  });

  it('a malformed body is a 400', async () => {
    expect((await f.admin.b.send('POST', '/api/admin/clients', '{"firstName":')).status).toBe(400);
  });
});

describe('GET /api/admin/clients', () => {
  it('pages on the server, newest first, ties broken by id, with the counters over the whole table', async () => {
    const made: string[] = [];
    for (let i = 0; i < 5; i++) made.push(await insertClient(`Anne${'abcde'[i]}`, `2026-02-0${i + 1}T10:00:00.000Z`));
    // Two clients in the same millisecond: a stable order all the same.
    const twinA = await insertClient('Twin', '2026-02-06T10:00:00.000Z');
    const twinB = await insertClient('Twin', '2026-02-06T10:00:00.000Z');
    const twins = [twinA, twinB].sort().reverse();

    const first = await get('/api/admin/clients?pageSize=3');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ total: 7, page: 1, pageSize: 3, counts: { total: 7, joinedToday: 0 } });
    expect(ids(first)).toEqual([...twins, made[4]]);
    expect(first.body.items[0]).toEqual({ id: twins[0], firstName: 'Twin', lastName: 'Kask', email: expect.stringContaining('@example.com'), phone: null, createdAt: '2026-02-06T10:00:00.000Z' });
    expect(ids(await get('/api/admin/clients?pageSize=3&page=2'))).toEqual([made[3], made[2], made[1]]);
    expect(ids(await get('/api/admin/clients?pageSize=3&page=3'))).toEqual([made[0]]);
    expect(await get('/api/admin/clients?pageSize=3&page=9')).toMatchObject({ body: { items: [], total: 7 } });
    expect((await get('/api/admin/clients')).body).toMatchObject({ page: 1, pageSize: 25 });
  });

  it('searches first name, last name, e-mail and phone on the server; the counters still count everyone', async () => {
    const kadri = await addOk({ firstName: 'Kadri', lastName: 'Kask', email: 'kadri.kask@example.com', phone: '+372 5123 4567' });
    f.clock.tick(1000);
    const peeter = await addOk({ firstName: 'Peeter', lastName: 'Põld', email: 'peeter@example.org', phone: '5555 0000' });
    f.clock.tick(1000);
    const liis = await addOk({ firstName: 'Liis', lastName: 'Saar', email: 'liis@example.net' });
    const search = async (q: string) => ids(await get(`/api/admin/clients?q=${encodeURIComponent(q)}`));
    expect(await search('kadri')).toEqual([kadri.id]);
    expect(await search('KASK')).toEqual([kadri.id]);
    expect(await search('Põld')).toEqual([peeter.id]);
    expect(await search('example.org')).toEqual([peeter.id]);
    expect(await search('Kadri Kask')).toEqual([kadri.id]);
    expect(await search('5123')).toEqual([kadri.id]);
    // A number typed with its formatting finds the stored one.
    expect(await search('+372 5123 4567')).toEqual([kadri.id]);
    expect(await search('5555-0000')).toEqual([peeter.id]);
    expect(await search('example')).toEqual([liis.id, peeter.id, kadri.id]);
    expect(await search('ei-kedagi')).toEqual([]);
    // LIKE wildcards typed by the admin are literal characters.
    expect(await search('%')).toEqual([]);
    expect(await search('_')).toEqual([]);
    const res = await get('/api/admin/clients?q=kadri');
    expect(res.body).toMatchObject({ total: 1, counts: { total: 3 } });
    // The index follows edits and deletes.
    await send('PATCH', `/api/admin/clients/${kadri.id}`, { firstName: 'Kaja', lastName: 'Kask', email: 'kaja@example.com' });
    expect(await search('kadri')).toEqual([]);
    expect(await search('kaja@')).toEqual([kadri.id]);
    await send('DELETE', `/api/admin/clients/${kadri.id}`);
    expect(await search('kaja')).toEqual([]);
  });

  it('"joined today" is the Tallinn calendar day, across its midnight in winter and in summer', async () => {
    // 1 March 2026, winter time (UTC+2): the Tallinn day runs from 28.02 22:00 to 01.03 22:00 UTC.
    await insertClient('Eile', '2026-02-28T21:59:59.999Z'); // 23:59:59.999 on 28.02 in Tallinn
    await insertClient('Keskooel', '2026-02-28T22:00:00.000Z'); // 00:00 on 01.03 in Tallinn
    await insertClient('Hilja', '2026-03-01T21:59:59.999Z'); // 23:59:59.999 on 01.03 in Tallinn
    await insertClient('Homme', '2026-03-01T22:00:00.000Z'); // 00:00 on 02.03 in Tallinn
    const joined = async () => (await get('/api/admin/clients')).body.counts.joinedToday;
    // The session lives on the same clock: a jump of hours signs the admin out, so each jump signs in afresh.
    const at = (instant: string) => f.clock.set(instant);

    await at('2026-02-28T22:30:00.000Z'); // 00:30 on 01.03 in Tallinn, still 28.02 in UTC
    expect(await joined()).toBe(2);
    await at('2026-03-01T21:59:59.999Z');
    expect(await joined()).toBe(2);
    await at('2026-03-01T22:00:00.000Z'); // midnight in Tallinn: a new day
    expect(await joined()).toBe(1);

    // Summer time (UTC+3): 21:00 UTC is already tomorrow in Tallinn.
    await insertClient('Suvi', '2026-07-01T21:00:00.000Z');
    await at('2026-07-01T20:59:59.999Z');
    expect(await joined()).toBe(0);
    await at('2026-07-01T21:00:00.000Z');
    expect(await joined()).toBe(1);

    // A client added through the API now counts now.
    await addOk({ firstName: 'Uus', lastName: 'Klient', email: 'uus@example.com' });
    expect(await joined()).toBe(2);
    expect((await get('/api/admin/clients?q=uus')).body.counts).toEqual({ total: 6, joinedToday: 2 });
  });

  it.each([['page=0'], ['page=-1'], ['pageSize=101'], ['pageSize=abc'], ['page=1e3'], [`q=${'x'.repeat(101)}`]])('refuses ?%s with a 422 naming the parameter', async (query) => {
    const res = await get(`/api/admin/clients?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.code).toBe('validation_failed');
    expect(res.body.error.details[0].path).toBe(query.split('=')[0]);
  });
});

describe('GET /api/admin/clients/:id', () => {
  it("returns the client with their bookings, newest first, what each still owes by the balance rule, and records the access", async () => {
    const retreat = await f.edition({ name: 'Kevad', startDate: '2026-04-01', endDate: '2026-04-11' });
    const first = (await f.request(retreat, { email: 'mari@example.com', travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-09-30', age: '' }] })).id;
    f.clock.tick(60_000);
    const second = await book({ email: 'mari@example.com' });
    await book({ email: 'keegi.teine@example.com' });
    await f.price(first, { totalCents: 129900, services: [{ name: 'Massaaž', priceCents: 4550 }], companionPrices: [85000] });
    await f.pay(first, 30000);
    await f.confirm(first);
    const id = await clientIdOf('mari@example.com');
    const res = await get(`/api/admin/clients/${id}`);
    expect(res.status).toBe(200);
    expect(res.body.client).toMatchObject({ id, firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com', phone: '+37251234567', bookingCount: 2 });
    expect(res.body.client.bookings.map((b: { id: number }) => b.id)).toEqual([second, first]);
    expect(res.body.client.bookings[1]).toEqual({
      id: first,
      status: 'confirmed',
      state: 'confirmed',
      paymentStatus: 'partial',
      // A request on an edition keeps no days of its own: they are its retreat's, below.
      checkInDate: null,
      checkOutDate: null,
      retreat: { id: retreat.id, name: 'Kevad', startDate: '2026-04-01', endDate: '2026-04-11' },
      totalAmountCents: 129900,
      amountPaidCents: 30000,
      totals: {
        servicesCents: 4550,
        companionsCents: 85000,
        priceCents: 129900 + 4550 + 85000,
        billedCents: 129900 + 4550 + 85000,
        paidCents: 30000,
        remainingCents: 129900 + 4550 + 85000 - 30000,
        overpaidCents: 0,
        refundOwedCents: 0,
      },
      createdAt: '2026-03-01T08:00:00.000Z',
    });
    // A public request is on its edition's retreat and comes priced (1.03.2026 for 14.03.2026: the full payment, 1234 €).
    expect(res.body.client.bookings[0]).toMatchObject({ status: 'pending', retreat: { name: expect.stringContaining('märts 2026') }, totals: { remainingCents: 123400 } });
    expect(await audits('customer.view')).toEqual([{ user_id: f.admin.userId, action: 'customer.view', severity: 'low', resource_type: 'customer', resource_id: id, metadata: null }]);
    expect((await f.admin.b.get(`/api/admin/clients/${id}`)).headers.get('Cache-Control')).toBe('no-store');
  });

  it.each([SOME_UUID, SOME_UUID.toUpperCase(), ...MALFORMED_IDS])('id %s is a JSON 404 with the Estonian text, never a 500', async (id) => {
    const res = await get(`/api/admin/clients/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject(NOT_FOUND);
  });
});

describe('PATCH /api/admin/clients/:id', () => {
  it('saves the edit and records the old and new values; an edit that changes nothing writes nothing', async () => {
    const client = await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com', phone: '+37251234567' });
    await f.clock.set('2026-03-01T08:05:00.000Z', { newSession: false });
    const res = await send('PATCH', `/api/admin/clients/${client.id}`, { firstName: 'Mari-Liis', lastName: 'Tamm', email: 'Mari.Liis@Example.com', phone: '' });
    expect(res.status).toBe(200);
    expect(res.body.client).toMatchObject({ id: client.id, firstName: 'Mari-Liis', email: 'mari.liis@example.com', phone: null, updatedAt: '2026-03-01T08:05:00.000Z', createdAt: '2026-03-01T08:00:00.000Z' });
    const [audit] = await audits('customer.update');
    expect(audit).toEqual({
      user_id: f.admin.userId,
      action: 'customer.update',
      severity: 'medium',
      resource_type: 'customer',
      resource_id: client.id,
      metadata: {
        changes: {
          firstName: { from: 'Mari', to: 'Mari-Liis' },
          email: { from: 'mari@example.com', to: 'mari.liis@example.com' },
          phoneNumber: { changed: true },
        },
      },
    });
    const before = await clientRow(client.id);
    await f.clock.set('2026-03-01T08:10:00.000Z', { newSession: false });
    expect((await send('PATCH', `/api/admin/clients/${client.id}`, { firstName: 'Mari-Liis', lastName: 'Tamm', email: 'mari.liis@example.com' })).status).toBe(200);
    expect(await clientRow(client.id)).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action = 'customer.update'")).toBe(1);
  });

  it("another client's address is a 409 for the e-mail field; the required-fields message applies as for adding", async () => {
    await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com' });
    const other = await addOk({ firstName: 'Jaan', lastName: 'Tamm', email: 'jaan@example.com' });
    const before = await clientRow(other.id);
    const taken = await send('PATCH', `/api/admin/clients/${other.id}`, { firstName: 'Jaan', lastName: 'Tamm', email: 'MARI@example.com' });
    expect(taken.status).toBe(409);
    expect(taken.body.error).toMatchObject({ code: 'client_email_taken', details: [{ path: 'email', message: API_ERRORS.client_email_taken.message }] });
    const empty = await send('PATCH', `/api/admin/clients/${other.id}`, { firstName: 'Jaan', lastName: 'Tamm', email: '' });
    expect(empty.status).toBe(422);
    expect(empty.body.error.details).toEqual([{ path: 'email', message: CLIENT_MESSAGES.requiredFields }]);
    expect(await clientRow(other.id)).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action = 'customer.update'")).toBe(0);
  });

  it.each([SOME_UUID, ...MALFORMED_IDS])('id %s is a 404', async (id) => {
    const res = await send('PATCH', `/api/admin/clients/${id}`, { firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com' });
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject(NOT_FOUND);
  });
});

describe('DELETE /api/admin/clients/:id', () => {
  it('deletes the client and all of their bookings in one go, with the audit record; not while one is in the books', async () => {
    const first = await book({ email: 'mari@example.com' });
    const second = await book({ email: 'mari@example.com' });
    const others = await book({ email: 'jaan@example.com' });
    await f.app.deps.sql.execute(
      `INSERT INTO invoices (series_number, number, kind, booking_id, issued_on, due_on, total_cents, buyer_name, document) VALUES (1, '2026-0001', 'invoice', ${others}, '2026-03-01', '2026-03-15', 100, 'Jaan Tamm', '{}')`,
    );
    // The client whose booking has an invoice stays, with everything.
    const invoiced = await send('DELETE', `/api/admin/clients/${await clientIdOf('jaan@example.com')}`);
    expect(invoiced.status).toBe(409);
    expect(invoiced.body.error.code).toBe('client_has_money');
    const id = await clientIdOf('mari@example.com');
    const detail = await get(`/api/admin/clients/${id}`);
    expect(detail.body.client.bookingCount).toBe(2);
    const customer = await clientRow(id);

    const res = await send('DELETE', `/api/admin/clients/${id}?bookingCount=2`);
    expect(res.status).toBe(204);
    expect(await f.app.count(`customers WHERE id = '${id}'`)).toBe(0);
    expect((await f.app.rows('SELECT id FROM bookings')).map((r) => r.id)).toEqual([others]);
    expect(await f.app.rows('SELECT booking_id, number FROM invoices')).toEqual([{ booking_id: others, number: '2026-0001' }]);
    // As when one booking is deleted: the e-mails lose their link, the guests stay.
    expect(await f.app.count(`email_outbox WHERE booking_id IN (${first}, ${second})`)).toBe(0);
    expect(await f.app.count("email_outbox WHERE kind = 'booking_confirmation'")).toBe(3);
    expect(await f.app.count('guests')).toBe(3);
    expect(await audits('customer.delete')).toEqual([
      {
        user_id: f.admin.userId,
        action: 'customer.delete',
        severity: 'medium',
        resource_type: 'customer',
        resource_id: id,
        metadata: { deleted: { id, firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com', phoneNumber: { withheld: true }, createdAt: customer!.created_at, updatedAt: customer!.updated_at }, bookingCount: 2, bookingIds: [first, second] },
      },
    ]);
    expect((await send('DELETE', `/api/admin/clients/${id}`)).status).toBe(404);
    expect((await get(`/api/admin/clients/${id}`)).status).toBe(404);
    expect((await get(`/api/admin/bookings/${first}`)).status).toBe(404);
  });

  it('a booking that arrives between the confirmation check and the delete stops the whole delete (409, nothing gone)', async () => {
    const first = await book({ email: 'mari@example.com' });
    const id = await clientIdOf('mari@example.com');
    // The race, made to happen: just before the delete's batch runs, another request for this client lands.
    const client = f.app.deps.sql;
    const original = client.batch.bind(client);
    client.batch = (async (...args: Parameters<typeof original>) => {
      if (JSON.stringify(args[0]).includes('delete from \\"bookings\\"')) {
        client.batch = original;
        await book({ email: 'mari@example.com' });
      }
      return original(...args);
    }) as typeof client.batch;
    try {
      const res = await send('DELETE', `/api/admin/clients/${id}?bookingCount=1`);
      expect(res.status).toBe(409);
      expect(res.body.error.code).toBe('client_bookings_changed');
    } finally {
      client.batch = original;
    }
    expect(await f.app.count(`customers WHERE id = '${id}'`)).toBe(1);
    expect(await f.app.count(`bookings WHERE customer_id = '${id}'`)).toBe(2);
    expect(await f.app.count("audit_logs WHERE action = 'customer.delete'")).toBe(0);
  });

  it('a client without bookings is deleted on its own', async () => {
    const client = await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com' });
    await book({ email: 'jaan@example.com' });
    expect((await send('DELETE', `/api/admin/clients/${client.id}?bookingCount=0`)).status).toBe(204);
    expect(await f.app.count('customers')).toBe(1);
    expect(await f.app.count('bookings')).toBe(1);
    expect((await audits('customer.delete'))[0]!.metadata).toMatchObject({ bookingCount: 0, bookingIds: [] });
  });

  it('when the bookings differ from the count the confirmation showed, nothing is deleted: 409', async () => {
    await book({ email: 'mari@example.com' });
    const id = await clientIdOf('mari@example.com');
    // The confirmation said one booking; a second one arrives before the admin confirms.
    await book({ email: 'mari@example.com' });
    const res = await send('DELETE', `/api/admin/clients/${id}?bookingCount=1`);
    expect(res.status).toBe(409);
    expect(res.body.error).toEqual({ code: 'client_bookings_changed', message: API_ERRORS.client_bookings_changed.message });
    expect(await f.app.count('customers')).toBe(1);
    expect(await f.app.count('bookings')).toBe(2);
    expect(await f.app.count("audit_logs WHERE action = 'customer.delete'")).toBe(0);
  });

  it.each([['bookingCount=-1'], ['bookingCount=x'], ['bookingCount=1.5']])('refuses ?%s with a 422', async (query) => {
    const client = await addOk({ firstName: 'Mari', lastName: 'Tamm', email: 'mari@example.com' });
    const res = await send('DELETE', `/api/admin/clients/${client.id}?${query}`);
    expect(res.status).toBe(422);
    expect(res.body.error.details[0].path).toBe('bookingCount');
    expect(await f.app.count('customers')).toBe(1);
  });

  it.each([SOME_UUID, ...MALFORMED_IDS])('id %s is a 404', async (id) => {
    const res = await send('DELETE', `/api/admin/clients/${id}`);
    expect(res.status).toBe(404);
    expect(res.body.error).toMatchObject(NOT_FOUND);
  });
});

describe('POST /api/admin/clients/sync', () => {
  let n = 0;
  /** A guest with a booking, written straight into the tables (the booking flow would make the client itself). */
  async function guest(g: { first: string; last: string; email: string | null; phone?: string | null; createdAt?: string; companionOf?: string; booking?: boolean }) {
    const id = crypto.randomUUID();
    const createdAt = g.createdAt ?? `2026-02-01T10:00:${String(n++ % 60).padStart(2, '0')}.000Z`;
    await f.app.deps.sql.execute({
      sql: `INSERT INTO guests (id, first_name, last_name, email, phone, is_companion, companion_of_guest_id, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
      args: [id, g.first, g.last, g.email, g.phone ?? null, g.companionOf ? 1 : 0, g.companionOf ?? null, createdAt, createdAt],
    });
    if (g.booking !== false) await f.app.deps.sql.execute({ sql: 'INSERT INTO bookings (guest_id, created_at, updated_at) VALUES (?, ?, ?)', args: [id, createdAt, createdAt] });
    return id;
  }
  const sync = () => send('POST', '/api/admin/clients/sync', {});

  it('inserts new bookers, updates those found by e-mail (the newest guest row wins), counts refused rows, leaves companions out', async () => {
    const existing = await addOk({ firstName: 'Vana', lastName: 'Nimi', email: 'olemas@example.com', phone: '+37250000000' });
    await guest({ first: 'Uus', last: 'Klient', email: 'uus@example.com', phone: '+37251111111' });
    await guest({ first: 'Olemas', last: 'Klient', email: 'olemas@example.com', phone: null });
    // Two rows for one address: the newer one's data is used.
    await guest({ first: 'Vanem', last: 'Rida', email: 'kaks@example.com', createdAt: '2026-01-01T10:00:00.000Z' });
    await guest({ first: 'Uuem', last: 'Rida', email: 'kaks@example.com', createdAt: '2026-02-15T10:00:00.000Z' });
    // Broken data: counted as failures, skipped.
    await guest({ first: 'Vigane', last: 'Aadress', email: 'ei-ole-aadress' });
    await guest({ first: 'R2D2', last: 'Robot', email: 'robot@example.com' });
    // Not eligible at all: no e-mail, no last name, companions (flag or legacy address), no booking left.
    const main = await guest({ first: 'Pea', last: 'Külaline', email: 'pea@example.com' });
    // A companion is left out by its flag alone (here even with an address and a booking row of its own).
    await guest({ first: 'Kaas', last: 'Reisija', email: 'kaas@example.com', companionOf: main });
    await guest({ first: 'Vana', last: 'Kaaslane', email: 'keegi@companion.local' });
    await guest({ first: 'Ilma', last: 'Aadressita', email: null });
    await guest({ first: 'Ilma', last: '', email: 'perenimeta@example.com' });
    await guest({ first: 'Ilma', last: 'Broneeringuta', email: 'broneeringuta@example.com', booking: false });

    await f.clock.set('2026-03-01T08:05:00.000Z', { newSession: false });
    const res = await sync();
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ synced: 4, inserted: 3, updated: 1, failed: 2 });
    const rows = await f.app.rows('SELECT first_name, last_name, email, phone_number, created_at, updated_at FROM customers ORDER BY email');
    expect(rows).toEqual([
      { first_name: 'Uuem', last_name: 'Rida', email: 'kaks@example.com', phone_number: null, created_at: f.clock.now.toISOString(), updated_at: f.clock.now.toISOString() },
      // Found by e-mail: updated, its phone kept (the guest had none), its join date kept.
      { first_name: 'Olemas', last_name: 'Klient', email: 'olemas@example.com', phone_number: '+37250000000', created_at: '2026-03-01T08:00:00.000Z', updated_at: f.clock.now.toISOString() },
      { first_name: 'Pea', last_name: 'Külaline', email: 'pea@example.com', phone_number: null, created_at: f.clock.now.toISOString(), updated_at: f.clock.now.toISOString() },
      { first_name: 'Uus', last_name: 'Klient', email: 'uus@example.com', phone_number: '+37251111111', created_at: f.clock.now.toISOString(), updated_at: f.clock.now.toISOString() },
    ]);
    expect(await clientRow(existing.id)).toMatchObject({ first_name: 'Olemas' });
    // The synced guests' bookings now belong to their client.
    expect(await f.app.count("bookings WHERE customer_id IS NULL AND guest_id IN (SELECT id FROM guests WHERE email IN ('uus@example.com', 'olemas@example.com', 'kaks@example.com', 'pea@example.com'))")).toBe(0);
    const [audit] = await audits('customer.sync');
    expect(audit).toMatchObject({ user_id: f.admin.userId, severity: 'medium', resource_type: 'customer' });
    expect(audit!.metadata).toMatchObject({ eligible: 6, synced: 4, inserted: 3, updated: 1, failed: 2 });
    expect(audit!.metadata.failures).toHaveLength(2);
    expect(audit!.metadata.failures).toEqual(
      expect.arrayContaining([
        { email: 'ei-ole-aadress', issues: [{ path: 'email', message: FIELD_MESSAGES.emailInvalid }] },
        { email: 'robot@example.com', issues: [{ path: 'firstName', message: FIELD_MESSAGES.nameInvalid }] },
      ]),
    );
  });

  it('run again, it finds everyone (updated) and rewrites nothing that has not changed', async () => {
    await guest({ first: 'Uus', last: 'Klient', email: 'uus@example.com' });
    await guest({ first: 'Teine', last: 'Klient', email: 'teine@example.com' });
    expect((await sync()).body).toEqual({ synced: 2, inserted: 2, updated: 0, failed: 0 });
    const before = await f.app.rows('SELECT * FROM customers ORDER BY email');
    await f.clock.set('2026-03-01T08:10:00.000Z', { newSession: false });
    expect((await sync()).body).toEqual({ synced: 2, inserted: 0, updated: 2, failed: 0 });
    expect(await f.app.rows('SELECT * FROM customers ORDER BY email')).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action = 'customer.sync'")).toBe(2);
  });

  it('a client deleted with their bookings does not come back with the next sync', async () => {
    await book({ email: 'mari@example.com' });
    const id = await clientIdOf('mari@example.com');
    expect((await send('DELETE', `/api/admin/clients/${id}?bookingCount=1`)).status).toBe(204);
    expect((await sync()).body).toEqual({ synced: 0, inserted: 0, updated: 0, failed: 0 });
    expect(await f.app.count('customers')).toBe(0);
  });

  it('with nothing eligible, all counts are zero', async () => {
    const main = await guest({ first: 'Pea', last: 'Külaline', email: null });
    await guest({ first: 'Kaas', last: 'Reisija', email: 'kaas@example.com', companionOf: main, booking: false });
    expect((await sync()).body).toEqual({ synced: 0, inserted: 0, updated: 0, failed: 0 });
    expect(await f.app.count('customers')).toBe(0);
  });

  it(`upserts ${SYNC_CHUNK} rows per statement: ${SYNC_CHUNK * 2 + 1} bookers take three batches, not one request each`, async () => {
    const total = SYNC_CHUNK * 2 + 1;
    const statements = [];
    for (let i = 0; i < total; i++) {
      const id = crypto.randomUUID();
      statements.push(
        { sql: 'INSERT INTO guests (id, first_name, last_name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?)', args: [id, 'Hulgi', 'Klient', `hulgi${i}@example.com`, '2026-02-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z'] },
        { sql: 'INSERT INTO bookings (guest_id) VALUES (?)', args: [id] },
      );
    }
    await f.app.deps.sql.batch(statements, 'write');
    const client = f.app.deps.sql;
    const original = client.batch.bind(client);
    const executeOriginal = client.execute.bind(client);
    let batches = 0;
    let executes = 0;
    client.batch = ((...args: Parameters<typeof original>) => {
      batches++;
      return original(...args);
    }) as typeof client.batch;
    client.execute = ((...args: Parameters<typeof executeOriginal>) => {
      executes++;
      return executeOriginal(...args);
    }) as typeof client.execute;
    try {
      expect((await sync()).body).toEqual({ synced: total, inserted: total, updated: 0, failed: 0 });
    } finally {
      client.batch = original;
      client.execute = executeOriginal;
    }
    expect(batches).toBe(3);
    expect(executes).toBeLessThan(20); // the session checks and the audit record, never one per row
    expect(await f.app.count('customers')).toBe(total);
    expect(await f.app.count('bookings WHERE customer_id IS NULL')).toBe(0);
  });
});
