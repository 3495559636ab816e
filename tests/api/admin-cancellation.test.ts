import { describe, expect, it } from 'vitest';
import { CANCEL_MESSAGES } from '../../src/lib/payments';
import { signedIn } from '../helpers/admin-session';
import { useApiFixture } from '../helpers/api-fixture';
import { browser } from '../helpers/browser-client';
import { holdStatements } from '../helpers/db-delays';
import { readJson } from '../helpers/http';

/**
 * Cancelling with money (issue "Back office II"): the quote the terms give on the day (tiers counted from the first
 * day, applied to what was paid), the refund as confirmed or changed recorded as a negative payment, and a credit
 * note that takes the invoice down to what is kept, with the cancellation in one batch: all or nothing.
 */

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' }); // 103 days before 14.03.2026

/** 1 299 € for the retreat starting 14.03.2026 (a request for one, priced so by the server), 500 € paid, invoiced in full. */
async function paidBooking({ invoice = true } = {}) {
  const { id } = await f.request({ edition: 'mar-2026' }, { email: `mari.${Math.random().toString(36).slice(2, 8)}@example.com` });
  expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', method: 'bank_transfer', receivedOn: '2025-11-30', amount: '500' })).status).toBe(201);
  if (invoice) await f.ok('POST', `/api/admin/bookings/${id}/invoices`, { version: (await f.detail(id)).version, buyer: { name: 'Mari Maasikas', email: 'mari@example.com' } });
  return id;
}
const preview = async (id: number) => readJson(await f.admin.b.get(`/api/admin/bookings/${id}/cancellation`));
const cancel = async (id: number, body: Record<string, unknown>) =>
  f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: (await preview(id)).version, method: 'bank_transfer', reason: 'Haigus', ...body });

describe('the quote', () => {
  it("gives the terms' tier for the day, applied to what was paid, and names the invoice", async () => {
    const id = await paidBooking();
    expect(await preview(id)).toMatchObject({
      quote: { daysBefore: 103, tier: { fromDaysBefore: 60, refundPercent: 100, feePercent: 5 }, paidCents: 50000, feeCents: 2500, refundCents: 47500 },
      invoice: { number: '2025-0001', uncreditedCents: 129900 },
    });
    await f.clock.set('2026-02-01T10:00:00.000Z'); // 41 days before
    expect((await preview(id)).quote).toMatchObject({ daysBefore: 41, tier: { refundPercent: 50 }, refundCents: 25000 });
  });
});

describe('cancelling', () => {
  it('cancels, refunds as a negative payment and credits the invoice down to what is kept, in one go, audited', async () => {
    const id = await paidBooking();
    const res = await cancel(id, { refund: '475' });
    expect(res.status).toBe(200);
    const body = await readJson(res);
    expect(body.booking).toMatchObject({ status: 'cancelled', amountPaidCents: 2500, schedule: [] });
    // The ledger: 500 in, 475 back.
    expect((await f.app.rows(`SELECT amount_cents, note FROM payments WHERE booking_id = ${id} ORDER BY id`)).map((r) => [r.amount_cents, r.note])).toEqual([
      [50000, null],
      [-47500, 'Haigus'],
    ]);
    // The invoice of 1 299 € is credited down to the 25 € kept.
    const note = (await readJson(await f.admin.b.get(`/api/admin/invoices/${body.creditNoteId}`))).invoice;
    expect(note).toMatchObject({ kind: 'credit_note', number: '2025-0002', totalCents: -(129900 - 2500), creditsInvoiceId: expect.any(Number) });
    expect(note.document.lines).toEqual([{ description: `Broneeringu nr ${id} tühistamine`, quantity: 1, unitCents: -(129900 - 2500), totalCents: -(129900 - 2500) }]);
    expect(note.document.reason).toBe('Haigus');
    const [audit] = await f.app.rows("SELECT severity, metadata FROM audit_logs WHERE action = 'booking.cancel'");
    expect(audit!.severity).toBe('high');
    expect(JSON.parse(String(audit!.metadata))).toMatchObject({ from: 'request', paidCents: 50000, quotedRefundCents: 47500, refundCents: 47500, daysBefore: 103, creditCents: 127400 });
    // Once.
    const again = await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: body.booking.version, refund: '0', method: 'bank_transfer' });
    expect(again.status).toBe(409);
    expect((await readJson(again)).error.code).toBe('already_cancelled');
  });

  it('lets the admin give back less (or nothing); without an invoice there is no credit note', async () => {
    const id = await paidBooking({ invoice: false });
    const body = await readJson(await cancel(id, { refund: '0' }));
    expect(body).toMatchObject({ booking: { status: 'cancelled', amountPaidCents: 50000 }, creditNoteId: null });
    expect(await f.app.count(`payments WHERE booking_id = ${id}`)).toBe(1);
    expect(await f.app.count('invoices')).toBe(0);
  });

  it('refuses a refund above what was paid (422 on refund) and a stale version (409), writing nothing', async () => {
    const id = await paidBooking();
    const before = await f.app.rows(`SELECT status, version FROM bookings WHERE id = ${id}`);
    const tooMuch = await cancel(id, { refund: '500,01' });
    expect(tooMuch.status).toBe(422);
    expect((await readJson(tooMuch)).error.details).toEqual([{ path: 'refund', message: CANCEL_MESSAGES.refundExceedsPaid }]);
    const stale = await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: 1, refund: '0', method: 'cash' });
    expect(stale.status).toBe(409);
    expect(await f.app.rows(`SELECT status, version FROM bookings WHERE id = ${id}`)).toEqual(before);
    expect(await f.app.count(`payments WHERE booking_id = ${id}`)).toBe(1);
    expect(await f.app.count("invoices WHERE kind = 'credit_note'")).toBe(0);
  });

  it('all or nothing: when the invoice is credited between the quote and the cancel, nothing goes in', async () => {
    const id = await paidBooking();
    const { version, invoice } = await preview(id);
    // The cancel's batch waits at its first statement; meanwhile someone credits the invoice (no version bump).
    const hold = holdStatements(f.app.deps, /^update "bookings" set "status" = \?, "cancelled_at"/i);
    const pending = f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version, refund: '100', method: 'cash' });
    await expect.poll(() => hold.held.length).toBeGreaterThan(0);
    await f.ok('POST', `/api/admin/invoices/${invoice.id}/credit-note`, { reason: 'Vale saaja' });
    hold.release();
    const res = await pending;
    expect(res.status).toBe(409);
    expect((await f.app.rows(`SELECT status FROM bookings WHERE id = ${id}`))[0]!.status).toBe('pending');
    expect(await f.app.count(`payments WHERE booking_id = ${id}`)).toBe(1);
    expect(await f.app.count(`audit_logs WHERE action = 'booking.cancel'`)).toBe(0);
  });

  it('is admin-only and checks its body', async () => {
    const id = await paidBooking({ invoice: false });
    expect((await browser(f.app).send('POST', `/api/admin/bookings/${id}/cancel`, { version: 1, refund: '0', method: 'cash' })).status).toBe(401);
    const user = await signedIn(f.app);
    expect((await user.b.get(`/api/admin/bookings/${id}/cancellation`)).status).toBe(403);
    for (const body of [{ refund: '-1' }, { refund: 'x' }, { method: 'gold' }, { version: 0 }]) {
      const res = await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: 2, refund: '0', method: 'cash', ...body });
      expect(res.status, JSON.stringify(body)).toBe(422);
    }
    expect((await f.app.rows(`SELECT status FROM bookings WHERE id = ${id}`))[0]!.status).toBe('pending');
  });
});

describe('the quote after a partial credit', () => {
  it('names what is still uncredited on the invoice, not its whole total', async () => {
    const id = await paidBooking();
    const { invoice } = await preview(id);
    // A partial credit note, as from before credit notes took the whole invoice (the API makes only whole ones).
    await f.app.deps.sql.execute(
      `INSERT INTO invoices (series_number, number, kind, booking_id, credits_invoice_id, issued_on, total_cents, buyer_name, document) VALUES (2, '2025-0002', 'credit_note', ${id}, ${invoice.id}, '2025-12-01', -100, 'X', '{}')`,
    );
    expect((await preview(id)).invoice).toMatchObject({ id: invoice.id, uncreditedCents: 129900 - 100 });
  });
});
