import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PAYMENT_MESSAGES } from '../../src/lib/payments';
import { API_ERRORS } from '../../src/lib/api-errors';
import { MONEY_MESSAGES } from '../../src/lib/money';
import { bookingReferenceNumber, isValidReferenceNumber } from '../../src/lib/reference-number';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_ADVANCE as ADVANCE, PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';
import { recordingTransport } from '../helpers/test-deps';

/**
 * The payments ledger (issue "Back office II"): append-only rows in cents (refunds negative), the booking's amount
 * paid, deposit and balance flags and payment status derived from them in the same batch, reversals instead of
 * edits, the Estonian reference number, and every entry audited. A refused entry changes nothing.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });

const pay = (id: number, body: Record<string, unknown>) =>
  f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', method: 'bank_transfer', receivedOn: '2025-11-30', ...body });
const booking = async (id: number) => (await f.app.rows(`SELECT amount_paid_cents, deposit_paid, balance_paid, payment_status, version FROM bookings WHERE id = ${id}`))[0]!;

describe('authorisation', () => {
  it('answers 401 and 403 on every ledger route and writes nothing', async () => {
    const id = await f.pricedBooking();
    const user = await signedIn(f.app);
    for (const [method, path] of [
      ['GET', `/api/admin/bookings/${id}/payments`],
      ['POST', `/api/admin/bookings/${id}/payments`],
      ['POST', `/api/admin/bookings/${id}/payments/1/reverse`],
    ] as const) {
      const anon = method === 'GET' ? await browser(f.app).get(path) : await browser(f.app).post(path, { kind: 'payment', amount: '10', method: 'cash', receivedOn: '2025-11-30' });
      expect(anon.status, path).toBe(401);
      const plain = method === 'GET' ? await user.b.get(path) : await user.b.send('POST', path, { kind: 'payment', amount: '10', method: 'cash', receivedOn: '2025-11-30' });
      expect(plain.status, path).toBe(403);
    }
    expect(await f.app.count('payments')).toBe(0);
  });
});

describe('recording payments', () => {
  it('derives amount paid, deposit, balance and status from the ledger as money comes in', async () => {
    // Booked on 1.12.2025 for 14.03.2026: the advance, then the balance on 13.01.2026.
    const id = await f.pricedBooking({ retreatMonth: 'mar-2026' });
    expect(await booking(id)).toMatchObject({ payment_status: 'pending', deposit_paid: 0, balance_paid: 0 });

    const advance = await pay(id, { amount: String(ADVANCE / 100), reference: bookingReferenceNumber(id) });
    expect(advance.status).toBe(201);
    expect((await readJson(advance)).booking).toMatchObject({ amountPaidCents: ADVANCE, depositPaid: true, balancePaid: false, paymentStatus: 'partial' });

    await pay(id, { amount: '1 000,00', method: 'card' });
    expect(await booking(id)).toMatchObject({ amount_paid_cents: ADVANCE + 100000, payment_status: 'partial', balance_paid: 0 });

    // The rest, to the cent: services and the companion price count.
    const rest = OWED - ADVANCE - 100000;
    const last = await readJson(await pay(id, { amount: `${Math.floor(rest / 100)},${String(rest % 100).padStart(2, '0')}`, method: 'cash' }));
    expect(last.booking).toMatchObject({ amountPaidCents: OWED, balancePaid: true, paymentStatus: 'paid', totals: { remainingCents: 0 } });
    expect(last.ledger.totals).toEqual({ receivedCents: OWED, refundedCents: 0, paidCents: OWED });
    expect(last.ledger.items.map((p: { amountCents: number }) => p.amountCents)).toEqual([ADVANCE, 100000, rest]);
  });

  it('a booking made too late for the advance owes one sum: the amount of an advance is part of it, not its deposit', async () => {
    // Booked on 1.12.2025 for 14.01.2026, after the balance day: the terms (3.3) ask for everything at once (the
    // request came on the full payment, the only plan those days allow).
    const id = await f.pricedBooking();
    const body = await readJson(await pay(id, { amount: String(ADVANCE / 100) }));
    expect(body.booking.schedule).toMatchObject([{ part: 'full', amountCents: OWED, paidCents: ADVANCE }]);
    expect(body.booking).toMatchObject({ depositPaid: false, paymentStatus: 'partial' });
    await pay(id, { amount: String((OWED - ADVANCE) / 100).replace('.', ',') });
    expect(await booking(id)).toMatchObject({ deposit_paid: 1, balance_paid: 1, payment_status: 'paid' });
  });

  it('a deposit below the advance is partial without the deposit flag', async () => {
    const id = await f.pricedBooking({ retreatMonth: 'mar-2026' });
    await pay(id, { amount: String(ADVANCE / 100 - 1) });
    expect(await booking(id)).toMatchObject({ deposit_paid: 0, payment_status: 'partial' });
  });

  it("bumps the booking's version, so an edit dialog opened before the payment gets 409", async () => {
    const id = await f.pricedBooking();
    const before = Number((await booking(id)).version);
    await pay(id, { amount: '100' });
    expect(Number((await booking(id)).version)).toBe(before + 1);
  });

  it('audits each entry (high severity) with who recorded it', async () => {
    const id = await f.pricedBooking();
    await pay(id, { amount: '12,34', reference: 'SEB 778' });
    const [audit] = await f.app.rows("SELECT user_id, severity, resource_id, metadata FROM audit_logs WHERE action = 'payment.record'");
    expect(audit).toMatchObject({ user_id: f.admin.userId, severity: 'high', resource_id: String(id) });
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ amountCents: 1234, method: 'bank_transfer', reference: 'SEB 778' });
    const ledger = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/payments`));
    expect(ledger.items[0]).toMatchObject({ amountCents: 1234, recordedBy: f.admin.email, reference: 'SEB 778', reversedById: null });
  });

  it('gives the booking a valid Estonian reference number, which its confirmation e-mail already names', async () => {
    const id = await f.pricedBooking();
    const ledger = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/payments`));
    expect(ledger.referenceNumber).toBe(bookingReferenceNumber(id));
    expect(isValidReferenceNumber(ledger.referenceNumber)).toBe(true);
    // The copy sent at once and the copy the outbox keeps (made in SQL inside the booking's batch) say the same.
    const [stored] = await f.app.rows(`SELECT text, html FROM email_outbox WHERE booking_id = ${id} AND kind = 'booking_confirmation'`);
    expect(stored!.text).toContain(`Viitenumber: ${ledger.referenceNumber}`);
    expect(stored!.html).toContain(ledger.referenceNumber);
    expect(String(stored!.text)).not.toContain('{{');
    await Promise.allSettled(f.app.background);
    const sent = (f.app.deps.mail as ReturnType<typeof recordingTransport>).sent.find((m) => m.subject.startsWith('Broneeringu taotlus') && m.text.includes(ledger.referenceNumber));
    expect(sent?.text).toBe(stored!.text);
  });

  it.each([
    [{ amount: '0' }, 'amount', MONEY_MESSAGES.positive],
    [{ amount: '-5' }, 'amount', MONEY_MESSAGES.invalid],
    [{ amount: '12.345' }, 'amount', MONEY_MESSAGES.invalid],
    [{ amount: 12 }, 'amount', MONEY_MESSAGES.invalid],
    [{ amount: '10', method: 'bitcoin' }, 'method', undefined],
    [{ amount: '10', receivedOn: '2025-02-30' }, 'receivedOn', PAYMENT_MESSAGES.invalidDay],
    [{ amount: '10', receivedOn: '2025-12-02' }, 'receivedOn', PAYMENT_MESSAGES.futureDay],
    [{ amount: '10', kind: 'gift' }, 'kind', undefined],
  ])('refuses %j with 422 on its field, writing nothing', async (body, path, message) => {
    const id = await f.pricedBooking();
    const before = await booking(id);
    const res = await pay(id, body);
    expect(res.status).toBe(422);
    const { error } = await readJson(res);
    const issue = error.details.find((d: { path: string }) => d.path === path);
    expect(issue, JSON.stringify(error.details)).toBeDefined();
    if (message) expect(issue.message).toBe(message);
    expect(await f.app.count('payments')).toBe(0);
    expect(await booking(id)).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action LIKE 'payment.%'")).toBe(0);
  });

  it('answers 404 for a booking that does not exist, writing nothing', async () => {
    expect((await pay(999_999, { amount: '10' })).status).toBe(404);
    expect((await f.admin.b.get('/api/admin/bookings/999999/payments')).status).toBe(404);
    expect(await f.app.count('payments')).toBe(0);
  });
});

describe('refunds and reversals', () => {
  it('a refund is a negative entry and may not exceed what stays paid', async () => {
    const id = await f.pricedBooking({ retreatMonth: 'mar-2026' });
    await pay(id, { amount: '500' });
    const before = await booking(id);
    const tooMuch = await pay(id, { kind: 'refund', amount: '500,01' });
    expect(tooMuch.status).toBe(422);
    expect((await readJson(tooMuch)).error.details).toEqual([{ path: 'amount', message: PAYMENT_MESSAGES.refundExceedsPaid }]);
    // Refused inside the batch: the booking (its version too) and the audit trail are as they were.
    expect(await booking(id)).toEqual(before);
    expect(await f.app.count("audit_logs WHERE action = 'payment.refund'")).toBe(0);
    const version = before.version;
    const refund = await readJson(await pay(id, { kind: 'refund', amount: '200' }));
    expect(refund.booking).toMatchObject({ amountPaidCents: 30000, paymentStatus: 'partial', depositPaid: ADVANCE <= 30000 });
    expect(refund.ledger.totals).toEqual({ receivedCents: 50000, refundedCents: -20000, paidCents: 30000 });
    expect(Number((await booking(id)).version)).toBe(Number(version) + 1);
    await pay(id, { kind: 'refund', amount: '300' });
    expect(await booking(id)).toMatchObject({ amount_paid_cents: 0, payment_status: 'pending', deposit_paid: 0 });
  });

  it('corrects a mistaken entry with its reversal, once; a reversal itself is not reversed', async () => {
    const id = await f.pricedBooking();
    const { paymentId } = await readJson(await pay(id, { amount: '1299' }));
    const reversed = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${paymentId}/reverse`, { note: 'Vale broneering' });
    expect(reversed.status).toBe(201);
    const body = await readJson(reversed);
    expect(body.booking).toMatchObject({ amountPaidCents: 0, paymentStatus: 'pending' });
    expect(body.ledger.items).toEqual([
      expect.objectContaining({ id: paymentId, amountCents: 129900, reversedById: body.paymentId }),
      expect.objectContaining({ id: body.paymentId, amountCents: -129900, reversesPaymentId: paymentId, note: 'Vale broneering', receivedOn: '2025-12-01' }),
    ]);
    const again = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${paymentId}/reverse`, {});
    expect(again.status).toBe(409);
    expect((await readJson(again)).error).toMatchObject({ code: 'payment_already_reversed', message: API_ERRORS.payment_already_reversed.message });
    const ofReversal = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${body.paymentId}/reverse`, {});
    expect(ofReversal.status).toBe(422);
    expect(await f.app.count('payments')).toBe(2);
  });

  it('two admins reversing the same entry at once: exactly one reversal', async () => {
    const id = await f.pricedBooking();
    const { paymentId } = await readJson(await pay(id, { amount: '100' }));
    const answers = await Promise.all(Array.from({ length: 8 }, () => f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${paymentId}/reverse`, {})));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 409, 409, 409, 409, 409, 409, 409]);
    expect(await booking(id)).toMatchObject({ amount_paid_cents: 0 });
  });

  it('concurrent refunds cannot take out more than was paid', async () => {
    const id = await f.pricedBooking();
    await pay(id, { amount: '100' });
    const answers = await Promise.all(Array.from({ length: 6 }, () => pay(id, { kind: 'refund', amount: '40' })));
    expect(answers.map((r) => r.status).sort()).toEqual([201, 201, 422, 422, 422, 422]);
    expect(await booking(id)).toMatchObject({ amount_paid_cents: 2000 });
  });
});

describe('the ledger is append-only in the database itself', () => {
  it('refuses to change or delete a row; a booking with payments is not deleted, and a deleted one would leave them', async () => {
    const id = await f.pricedBooking();
    await pay(id, { amount: '100' });
    await expect(f.app.deps.sql.execute('UPDATE payments SET amount_cents = 1')).rejects.toThrow(/append-only/);
    await expect(f.app.deps.sql.execute('DELETE FROM payments')).rejects.toThrow(/append-only/);
    await expect(f.app.deps.sql.execute('UPDATE payments SET booking_id = booking_id + 1')).rejects.toThrow(/append-only/);
    expect((await f.admin.b.send('DELETE', `/api/admin/bookings/${id}`)).status).toBe(409);
    // Below the API (a script, a console): the foreign key unlinks the payments, it never takes them with it.
    await f.app.deps.sql.execute(`DELETE FROM bookings WHERE id = ${id}`);
    expect(await f.app.rows('SELECT booking_id, amount_cents FROM payments')).toEqual([{ booking_id: null, amount_cents: 10000 }]);
  });
});

// Issue 40: a payment builds on the schedule facts its booking's page read (no read of its own on the edge); the row
// goes in only while the booking still stores them, so a change in between (here, the plan) is never missed.
describe('the facts a payment builds on', () => {
  it("derives the booking's fields on its facts as they are when written, when they changed after its page read them", async () => {
    const stale = await f.pricedBooking();
    const fresh = await f.pricedBooking();
    for (const id of [stale, fresh]) await f.detail(id);
    // Their schedule now counts from two months back (as a waiting party's does from its promotion): the first part's
    // day has passed. Then only `fresh`'s page is read again.
    await f.app.deps.db.run(sql`UPDATE bookings SET schedule_starts_at = '2025-10-01T10:00:00.000Z' WHERE id IN (${stale}, ${fresh})`);
    await f.detail(fresh);
    for (const id of [stale, fresh]) expect((await pay(id, { amount: '100' })).status).toBe(201);
    expect(await booking(stale)).toMatchObject({ amount_paid_cents: 10_000, payment_status: 'overdue' });
    const { version: _s, ...staleFields } = await booking(stale);
    const { version: _f, ...freshFields } = await booking(fresh);
    expect(staleFields).toEqual(freshFields);
  });
});
