import { describe, expect, it } from 'vitest';
import { BOOKING_MESSAGES } from '../../src/lib/booking/form-options';
import { API_ERRORS } from '../../src/lib/api-errors';
import { versionInForce } from '../../src/lib/agreements';
import { formatMoney, tallinnDay } from '../../src/lib/format';
import { registrationClosesOn } from '../../worker/domain/retreats/availability';
import { MIGRATED_EDITIONS } from '../helpers/test-clock';
import { useApiFixture } from '../helpers/api-fixture';
import { writtenRows } from '../helpers/app-server';
import { browser } from '../helpers/browser-client';
import { validBooking } from '../helpers/booking-fixtures';
import { readJson } from '../helpers/http';
import { recordingTransport } from '../helpers/test-deps';

/**
 * The booking form at run time (issue "Back office III"): GET /api/availability, registration closing 4 days before
 * an edition's start (Europe/Tallinn days), places left from the retreat's capacity, the waiting list when an edition
 * is full, the closed-edition 422, and the consent ("Nõustun tingimustega") stored with its version.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });
const JAN = MIGRATED_EDITIONS.find((e) => e.id === 'jan-2026')!;
/** Visitors act at the instant given (the admin's session is not needed there). */
const at = (iso: string) => f.clock.set(iso, { newSession: false });

async function availability() {
  const res = await browser(f.app).get('/api/availability');
  expect(res.status).toBe(200);
  return (await readJson(res)).editions as { id: string; open: boolean; closesOn: string; placesLeft: number | null; full: boolean }[];
}
const edition = async (id: string) => (await availability()).find((e) => e.id === id)!;

async function book(overrides: Parameters<typeof validBooking>[0] = {}) {
  const res = await f.app.post('/api/bookings', validBooking({ retreatMonth: JAN.id, ...overrides }));
  return { status: res.status, body: await readJson(res) };
}
/** The edition's retreat gets `places`, in its edit dialog. */
async function limitPlaces(places: number) {
  await f.editEdition((await f.migrated(JAN.id)).id, { capacity: String(places) });
}
const sentMail = () => (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent;
const companion = (firstName: string) => ({ firstName, lastName: 'Tamm', birthday: '1985-09-30', age: '' });

describe('GET /api/availability', () => {
  it('lists the published editions not yet started with their closing day, open before it, places unlimited without a capacity', async () => {
    const editions = await availability();
    // 14.11.2025 started before 1.12.2025: no longer on sale.
    expect(editions.map((e) => e.id)).toEqual(['jan-2026', 'mar-2026']);
    expect(await edition('jan-2026')).toMatchObject({ label: 'jaanuar 2026', badge: '14.-24.01.2026', open: true, closesOn: '2026-01-10', placesLeft: null, full: false });
    await at('2025-11-11T10:00:00.000Z');
    expect(await edition('nov-2025')).toMatchObject({ open: false, closesOn: '2025-11-10' });
  });

  it('closes registration 4 days before the start, at Tallinn midnight (UTC+2 in January)', async () => {
    expect(registrationClosesOn(JAN.startDate, 4)).toBe('2026-01-10');
    await at('2026-01-09T21:59:59.999Z'); // 9.01 23:59:59 in Tallinn
    expect((await edition('jan-2026')).open).toBe(true);
    await at('2026-01-09T22:00:00.000Z'); // 10.01 00:00 in Tallinn
    expect((await edition('jan-2026')).open).toBe(false);
  });

  it('counts places left as people on confirmed bookings and pending requests, never below zero', async () => {
    await limitPlaces(5);
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 5, full: false });
    const first = await book({ travelWith: 'with-companions', companions: [companion('Jaan'), companion('Juhan')] });
    expect(first.status).toBe(201);
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 2, full: false });
    await book();
    await book();
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 0, full: true });
    // A cancelled booking gives its places back.
    await f.cancel(first.body.bookingId);
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 3, full: false });
    // Places taken beyond the capacity (a party of two confirmed past the one place left, as the organiser may):
    // none left, never fewer than none.
    await limitPlaces(3);
    const pair = await book({ travelWith: 'with-companions', companions: [companion('Jaan')] });
    expect(pair.body.waitingList).toBe(true);
    await f.confirm(pair.body.bookingId, true);
    expect(await f.detail(pair.body.bookingId)).toMatchObject({ status: 'confirmed', waitingList: false });
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 0, full: true });
  });

  it('is public and cacheable for a short while', async () => {
    const res = await browser(f.app).get('/api/availability');
    expect(res.headers.get('cache-control')).toBe('public, max-age=30, s-maxage=30');
  });
});

describe('POST /api/bookings for an edition', () => {
  it('refuses a closed edition with 422 edition_closed under the retreat field, and stores nothing', async () => {
    await at('2026-01-10T08:00:00.000Z');
    const before = { rows: await writtenRows(f.app), mail: sentMail().length };
    const res = await book();
    expect(res.status).toBe(422);
    expect(res.body.error).toEqual({
      code: 'edition_closed',
      message: API_ERRORS.edition_closed.message,
      details: [{ path: 'retreatMonth', message: API_ERRORS.edition_closed.message }],
    });
    expect(await writtenRows(f.app)).toEqual(before.rows);
    expect(sentMail()).toHaveLength(before.mail);
  });

  it('turns a request for a full edition into a waiting-list request: stored as such, said in the answer and the e-mail', async () => {
    await limitPlaces(2);
    const placed = await book({ travelWith: 'with-companions', companions: [companion('Jaan')] });
    expect(placed.body).toMatchObject({ waitingList: false });
    const waiting = await book({ email: 'ootaja@example.com' });
    expect(waiting.status).toBe(201);
    expect(waiting.body).toMatchObject({ waitingList: true, email: 'sent' });
    const [row] = await f.app.rows(`SELECT waiting_list, status FROM bookings WHERE id = ${waiting.body.bookingId}`);
    expect(row).toMatchObject({ waiting_list: 1, status: 'pending' });
    const mail = sentMail().find((m) => m.to === 'ootaja@example.com')!;
    expect(mail.subject).toMatch(/^Olete ootejärjekorras/);
    expect(mail.text).toContain('ootejärjekorda');
    // The stored copies (the outbox's retries send these) were chosen inside the batch, each party's own.
    const stored = await f.app.rows(`SELECT to_address, subject FROM email_outbox WHERE booking_id IN (${placed.body.bookingId}, ${waiting.body.bookingId}) ORDER BY booking_id`);
    expect(stored).toEqual([
      expect.objectContaining({ subject: expect.not.stringMatching(/ootejärjekor/) }),
      expect.objectContaining({ to_address: 'ootaja@example.com', subject: expect.stringMatching(/^Olete ootejärjekorras/) }),
    ]);
    // A waiting-list request holds no place: the places left stay at 0, not below.
    expect(await edition('jan-2026')).toMatchObject({ placesLeft: 0, full: true });
  });

  // Issue 40: a request builds on the edition as the form's GET /api/availability read it (no read of its own); its
  // batch writes only while the edition's row still says the same, so an admin's change in between is never missed.
  it('prices a request on the edition as it is when written, when the admin changed it after the form read it', async () => {
    const total = async (id: number) => Number((await f.app.rows(`SELECT total_amount_cents FROM bookings WHERE id = ${id}`))[0]!.total_amount_cents);
    await availability();
    const before = await total((await book()).body.bookingId);
    await f.editEdition((await f.migrated(JAN.id)).id, { price: '1500' });
    const stale = await book({ email: 'hiljem@example.com' });
    expect(stale.status, JSON.stringify(stale.body)).toBe(201);
    // The same as a request the form sends after reading the new price.
    await availability();
    const fresh = await book({ email: 'veelhiljem@example.com' });
    expect(await total(stale.body.bookingId)).toBe(await total(fresh.body.bookingId));
    expect(await total(stale.body.bookingId)).toBeGreaterThan(before);
    expect(sentMail().find((m) => m.to === 'hiljem@example.com')!.text).toContain(formatMoney(await total(stale.body.bookingId)));
  });

  it('refuses a request for an edition whose registration the admin closed after the form read it, storing nothing', async () => {
    await availability();
    await f.editEdition((await f.migrated(JAN.id)).id, { registrationClosesDaysBefore: '60' });
    const before = { rows: await writtenRows(f.app), mail: sentMail().length };
    const res = await book();
    expect(res.status).toBe(422);
    expect(res.body.error).toMatchObject({ code: 'edition_closed' });
    expect(await writtenRows(f.app)).toEqual(before.rows);
    expect(sentMail()).toHaveLength(before.mail);
  });

  it('puts a party larger than the places left on the waiting list', async () => {
    await limitPlaces(2);
    const party = await book({ travelWith: 'with-companions', companions: [companion('Jaan'), companion('Juhan')] });
    expect(party.body.waitingList).toBe(true);
    expect((await book()).body.waitingList).toBe(false);
  });

  it('answers a replay with the waiting-list flag it was stored with', async () => {
    await limitPlaces(0);
    const body = validBooking({ retreatMonth: JAN.id });
    const first = await readJson(await f.app.post('/api/bookings', body, { 'Idempotency-Key': 'ootejarjekord-1' }));
    const again = await readJson(await f.app.post('/api/bookings', body, { 'Idempotency-Key': 'ootejarjekord-1' }));
    expect(again).toEqual(first);
    expect(first.waitingList).toBe(true);
  });
});

describe('admin: the waiting list filter', () => {
  it('lists only waiting-list requests with waitingList=yes, the others with no, and refuses other values', async () => {
    await limitPlaces(1);
    const placed = (await book()).body.bookingId;
    const waiting = (await book()).body.bookingId;
    const admin = f.admin;
    const ids = async (query: string) => (await readJson(await admin.b.get(`/api/admin/bookings${query}`))).items.map((b: { id: number }) => b.id);
    expect(await ids('?waitingList=yes')).toEqual([waiting]);
    expect(await ids('?waitingList=no')).toEqual([placed]);
    expect((await readJson(await admin.b.get('/api/admin/bookings?waitingList=yes'))).items[0].waitingList).toBe(true);
    expect((await admin.b.get('/api/admin/bookings?waitingList=kindlasti')).status).toBe(422);
    const { booking } = await readJson(await admin.b.get(`/api/admin/bookings/${waiting}`));
    expect(booking).toMatchObject({ waitingList: true, termsVersion: versionInForce('terms', tallinnDay(f.clock.now)).version });

    // Confirmed (past the places, so with the override), the request has its place: it leaves the waiting list.
    expect(await f.confirm(waiting, true)).toMatchObject({ status: 'confirmed', waitingList: false });
    expect(await ids('?waitingList=yes')).toEqual([]);
    const [audit] = await f.app.rows(`SELECT metadata FROM audit_logs WHERE action = 'booking.update' AND resource_id = '${waiting}'`);
    expect(JSON.parse(String(audit!.metadata)).changes.waitingList).toEqual({ from: true, to: false });
  });
});

describe('consent: "Nõustun tingimustega"', () => {
  it('is required: missing or not ticked is a 422 under its field, and nothing is stored', async () => {
    for (const termsAccepted of [undefined, false, 'true']) {
      const res = await f.app.post('/api/bookings', { ...validBooking(), termsAccepted });
      expect(res.status).toBe(422);
      const { error } = await readJson(res);
      expect(error.details).toContainEqual({ path: 'termsAccepted', message: BOOKING_MESSAGES.termsRequired });
    }
    expect(await f.app.count('bookings')).toBe(0);
  });

  it('is stored with the booking: when it was accepted and which version of the terms', async () => {
    const { body } = await book();
    const [row] = await f.app.rows(`SELECT terms_accepted_at, terms_version, created_at FROM bookings WHERE id = ${body.bookingId}`);
    // The version of the terms in force that day (content/agreements/terms.json).
    expect(row).toMatchObject({ terms_accepted_at: f.clock.now.toISOString(), terms_version: versionInForce('terms', tallinnDay(f.clock.now)).version, created_at: f.clock.now.toISOString() });
    expect(row!.terms_version).toMatch(/^\d{4}-\d{2}$/);
  });
});
