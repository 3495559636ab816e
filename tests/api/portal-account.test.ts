import { readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../src/lib/api-errors';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { COMPLETE_TRAVEL_DETAILS } from '../helpers/travel-details-fixtures';

/**
 * "Download my data" and "delete my account" from the portal (issue "Guest portal"): the export holds everything kept
 * about the account and its bookings; deletion removes the account and the personal data no law requires, keeps the
 * bookings, payments and invoices the Accounting Act does, refuses while a booking is still to come, and both are
 * audited.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });
/** Months later: the retreat is over and every session made before has ended. */
const monthsLater = () => f.clock.set('2026-02-01T10:00:00.000Z', { newSession: false });

const DETAILS = { ...COMPLETE_TRAVEL_DETAILS, healthAllergies: 'Pähklid' };

/** A guest's booking for two, their details given in the portal, priced at 1 299 €, 300 € paid, invoiced; a contact message. */
async function bookedGuest() {
  const guest = await signedIn(f.app);
  const { id } = await f.request(
    { edition: 'jan-2026' },
    { email: guest.email, travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1985-02-03', age: '' }], dietaryRestrictions: 'Gluteenivaba' },
    guest.b,
  );
  await f.travelDetails(guest, id, 0, DETAILS);
  await f.travelDetails(guest, id, 1, { ...DETAILS, passportNumber: 'K7654321' });
  await f.price(id, { totalCents: 129900 });
  await f.pay(id, 30000);
  await f.ok('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer: { name: 'Mari Tamm', email: guest.email } });
  await f.app.post('/api/contact', { name: 'Mari Tamm', email: guest.email, subject: 'Küsimus', message: 'Kas lennujaamast on transfeer?', website: '' });
  return { guest, admin: f.admin, id };
}

describe('GET /api/me/export', () => {
  it('downloads everything kept about the account and its bookings as JSON, and records that it did', async () => {
    const { guest, id } = await bookedGuest();
    const res = await guest.b.get('/api/me/export');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="minu-andmed-2025-12-01.json"');
    expect(res.headers.get('cache-control')).toBe('no-store');
    const data = await res.json();
    expect(data.account).toMatchObject({ email: guest.email, firstName: 'Anu', roles: [] });
    expect(data.account).not.toHaveProperty('passwordHash');
    expect(data.bookings).toHaveLength(1);
    const [booking] = data.bookings;
    expect(booking).toMatchObject({ id, status: 'pending', mainGuest: { email: guest.email, firstName: 'Mari' }, retreat: { startDate: '2026-01-14' } });
    expect(booking).not.toHaveProperty('idempotencyKey');
    expect(booking.travellers.map((t: { name: string; passportNumber: string; healthAllergies: string }) => [t.name, t.passportNumber, t.healthAllergies])).toEqual([
      ['Mari Tamm', 'K1234567', 'Pähklid'],
      ['Jaan Tamm', 'K7654321', 'Pähklid'],
    ]);
    expect(booking.payments).toEqual([{ amountCents: 30000, method: 'bank_transfer', receivedOn: '2025-12-01', reference: null }]);
    expect(booking.invoices).toHaveLength(1);
    // Issue 42: the evidence of what was accepted, and from where.
    expect(booking.agreements.map((a: { kind: string; signedName: string; signedBy: string; ip: string }) => [a.kind, a.signedName, a.signedBy, a.ip])).toEqual([
      ['terms', 'Mari Tamm', 'self', '127.0.0.1'],
      ['waiver', 'Mari Tamm', 'self', '127.0.0.1'],
    ]);
    expect(data.emails.map((m: { subject: string }) => m.subject).join('\n')).toMatch(/Broneeringu taotlus kätte saadud/);
    expect(data.contactMessages).toEqual([expect.objectContaining({ message: 'Kas lennujaamast on transfeer?' })]);
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(JSON.stringify(data)).not.toMatch(/refresh_?token|\$argon2/i);
    expect(await f.app.rows(`SELECT user_id, severity FROM audit_logs WHERE action = 'account.export'`)).toEqual([{ user_id: guest.userId, severity: 'medium' }]);
  });
});

describe('DELETE /api/me', () => {
  it('asks for the password, and refuses while a booking is still to come', async () => {
    const { guest } = await bookedGuest();
    const wrong = await guest.b.send('DELETE', '/api/me', { password: 'Vale12345' });
    expect(wrong.status).toBe(403);
    expect((await readJson(wrong)).error).toMatchObject({ code: 'wrong_password', message: API_ERRORS.wrong_password.message });
    expect((await guest.b.send('DELETE', '/api/me', {})).status).toBe(422);
    const upcoming = await guest.b.send('DELETE', '/api/me', { password: 'Salasona1' });
    expect(upcoming.status).toBe(409);
    expect((await readJson(upcoming)).error.code).toBe('upcoming_booking');
    expect(await f.app.rows(`SELECT count(*) AS n FROM users WHERE id = '${guest.userId}'`)).toEqual([{ n: 1 }]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM booking_travellers`)).toEqual([{ n: 2 }]);
  });

  it('after the retreat: removes the account and personal data, keeps what accounting requires', async () => {
    // Issue 41: an endpoint takes the booking's and its payment's events (they carry the guest's name and address).
    await f.ok('POST', '/api/admin/webhooks', { url: 'https://hooks.example.com/uus-algus', events: ['booking.created', 'payment.recorded', 'invoice.issued'] });
    const { guest, id } = await bookedGuest();
    expect(await f.app.count('webhook_events')).toBe(3);
    // The retreat is over; the old session has ended with the months, so the guest signs in again.
    await monthsLater();
    const b = browser(f.app);
    expect((await b.post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(200);
    const res = await b.send('DELETE', '/api/me', { password: 'Salasona1' });
    expect(res.status).toBe(200);
    expect(await readJson(res)).toEqual({ deleted: true, bookingsKept: 1, travellersErased: 2 });
    expect(res.headers.getSetCookie().join('\n')).toMatch(/access_token=;/);

    // Gone: the account, its sessions, the travel details, the guests' other personal fields, contact messages.
    expect(await f.app.rows(`SELECT count(*) AS n FROM users WHERE id = '${guest.userId}'`)).toEqual([{ n: 0 }]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM sessions WHERE user_id = '${guest.userId}'`)).toEqual([{ n: 0 }]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM booking_travellers WHERE booking_id = ${id}`)).toEqual([{ n: 0 }]);
    const guests = await f.app.rows(`SELECT first_name, email, phone, date_of_birth, dietary_preferences FROM guests WHERE id IN (SELECT guest_id FROM bookings WHERE id = ${id}) OR companion_of_guest_id IN (SELECT guest_id FROM bookings WHERE id = ${id}) ORDER BY is_companion`);
    expect(guests).toEqual([
      { first_name: 'Mari', email: guest.email, phone: null, date_of_birth: null, dietary_preferences: null },
      { first_name: 'Jaan', email: null, phone: null, date_of_birth: null, dietary_preferences: null },
    ]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM contact_messages WHERE email = '${guest.email}'`)).toEqual([{ n: 0 }]);
    const mails = await f.app.rows(`SELECT subject, html, text FROM email_outbox WHERE to_address = '${guest.email}' AND kind = 'booking_confirmation'`);
    expect(mails[0]).toMatchObject({ html: null, text: 'Kiri kustutati konto kustutamisel.' });
    expect(mails[0]!.subject).toMatch(/Broneeringu taotlus kätte saadud/);
    expect((await f.app.rows(`SELECT special_requests FROM bookings WHERE id = ${id}`))[0]!.special_requests).toBeNull();
    expect(await f.app.count('webhook_events')).toBe(0);
    expect(await f.app.count('webhook_deliveries')).toBe(0);

    // Kept: the booking with its names and address, its payments and the frozen invoice; the audit record.
    expect(await f.app.rows(`SELECT status, total_amount_cents, amount_paid_cents, user_id FROM bookings WHERE id = ${id}`)).toEqual([
      { status: 'pending', total_amount_cents: 129900, amount_paid_cents: 30000, user_id: null },
    ]);
    expect(await f.app.rows(`SELECT amount_cents FROM payments WHERE booking_id = ${id}`)).toEqual([{ amount_cents: 30000 }]);
    // Issue 42: the acceptances stay as evidence (docs/decisions/037), without the address and browser they came from.
    expect(await f.app.rows(`SELECT kind, signed_name, ip, user_agent FROM agreement_acceptances WHERE booking_id = ${id} ORDER BY id`)).toEqual([
      { kind: 'terms', signed_name: 'Mari Tamm', ip: null, user_agent: null },
      { kind: 'waiver', signed_name: 'Mari Tamm', ip: null, user_agent: null },
    ]);
    const [invoice] = await f.app.rows(`SELECT document FROM invoices WHERE booking_id = ${id}`);
    expect(JSON.parse(String(invoice!.document)).buyer).toMatchObject({ name: 'Mari Tamm', email: guest.email });
    const [audit] = await f.app.rows(`SELECT user_id, severity, resource_id, metadata FROM audit_logs WHERE action = 'account.delete'`);
    expect(audit).toMatchObject({ user_id: null, severity: 'high', resource_id: guest.userId });
    expect(JSON.parse(String(audit!.metadata))).toEqual({ bookingsKept: [id], by: 'self' });

    // The address can no longer sign in, and the admin still sees the booking.
    expect((await browser(f.app).post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(401);
    expect((await b.get('/api/me/bookings')).status).toBe(401);
    const relogin = await f.clock.signInAgain();
    expect((await relogin.b.get(`/api/admin/bookings/${id}`)).status).toBe(200);
  });

  it('erases the rest too: the diet line, the client record, the phone on the invoice, the team\'s copy of a message', async () => {
    const { guest, admin, id } = await bookedGuest();
    expect((await admin.b.send('POST', '/api/admin/clients/sync', {})).status).toBe(200);
    expect(await f.app.rows(`SELECT count(*) AS n FROM customers WHERE email = '${guest.email}'`)).toEqual([{ n: 1 }]);
    const [before] = await f.app.rows(`SELECT document FROM invoices WHERE booking_id = ${id}`);
    expect(JSON.parse(String(before!.document)).buyer.phone).toBe('+37251234567');
    await Promise.allSettled(f.app.background);

    await monthsLater();
    const b = browser(f.app);
    expect((await b.post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(200);
    expect((await b.send('DELETE', '/api/me', { password: 'Salasona1' })).status).toBe(200);

    expect(await f.app.rows(`SELECT comments, experience, customer_id FROM bookings WHERE id = ${id}`)).toEqual([{ comments: null, experience: null, customer_id: null }]);
    expect(await f.app.rows(`SELECT count(*) AS n FROM customers WHERE email = '${guest.email}'`)).toEqual([{ n: 0 }]);
    const [after] = await f.app.rows(`SELECT id, document FROM invoices WHERE booking_id = ${id}`);
    const document = JSON.parse(String(after!.document));
    expect(document.buyer).toMatchObject({ name: 'Mari Tamm', email: guest.email, phone: null });
    // The rest of the frozen document is as it was issued, and still nothing else about it may change.
    expect({ ...document, buyer: { ...document.buyer, phone: '+37251234567' } }).toEqual(JSON.parse(String(before!.document)));
    await expect(f.app.deps.sql.execute(`UPDATE invoices SET document = json_set(document, '$.buyer.name', 'Keegi') WHERE booking_id = ${id}`)).rejects.toThrow(/frozen/);
    await expect(f.app.deps.sql.execute(`UPDATE invoices SET total_cents = 1, document = json_set(document, '$.buyer.phone', NULL) WHERE booking_id = ${id}`)).rejects.toThrow(/frozen/);
    // The admin's session has ended with the months too.
    const relogin = await f.clock.signInAgain();
    // Its PDF is still made from the stored copy.
    expect((await relogin.b.get(`/api/admin/invoices/${Number(after!.id)}/pdf`)).status).toBe(200);
    const team = await f.app.rows(`SELECT subject, html, text FROM email_outbox WHERE kind = 'contact_notification'`);
    expect(team).toEqual([{ subject: 'Kontaktivormi sõnum', html: null, text: 'Kiri kustutati konto kustutamisel.' }]);
    // The next sync leaves the erased booker out of the clients.
    expect((await relogin.b.send('POST', '/api/admin/clients/sync', {})).status).toBe(200);
    expect(await f.app.rows(`SELECT count(*) AS n FROM customers WHERE email = '${guest.email}'`)).toEqual([{ n: 0 }]);
  });

  it('leaves none of the erased values anywhere in the database file, free pages and WAL included', async () => {
    const { guest } = await bookedGuest();
    await Promise.allSettled(f.app.background);
    const erased = ['K1234567', 'K7654321', 'Õie Tamm', '+37255551234', 'Pähklid', 'Gluteenivaba', 'Kas lennujaamast on transfeer?', '+37251234567', '+372 5123 4567'];
    const file = fileURLToPath(f.app.url);
    const contents = async () => Buffer.concat([await readFile(file), await readFile(`${file}-wal`).catch(() => Buffer.alloc(0))]);
    const present = (bytes: Buffer) => erased.filter((value) => bytes.includes(Buffer.from(value)));
    // Every value is there before (the check finds what it looks for).
    await f.app.deps.sql.execute('PRAGMA wal_checkpoint(TRUNCATE)');
    expect(present(await contents())).toEqual(erased.filter((v) => v !== '+372 5123 4567'));

    await monthsLater();
    const b = browser(f.app);
    expect((await b.post('/api/auth/signin', { email: guest.email, password: 'Salasona1' })).status).toBe(200);
    expect((await b.send('DELETE', '/api/me', { password: 'Salasona1' })).status).toBe(200);
    expect(present(await contents())).toEqual([]);
  });

  it('refuses for an administrator (the users screen removes admins)', async () => {
    const res = await f.admin.b.send('DELETE', '/api/me', { password: 'Salasona1' });
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('admin_account');
  });
});
