/**
 * The money errors a bookkeeper found (issue "One money truth"), each pinned: the invoice never subtracts a paid
 * advance again and asks for what the schedule asks; one version issues one invoice; a cancelled booking owes
 * nothing, everywhere; a reversal keeps an overdue booking overdue; payments are bounded and confirmed beyond the
 * bill; nothing in the books is deleted; places are counted one way.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { INVOICE_TEXTS, type InvoiceView } from '../../src/lib/admin/invoices';
import type { BookingDetail } from '../../src/lib/admin/booking-views';
import { useApiFixture } from '../helpers/api-fixture';
import { readJson } from '../helpers/http';
import { PRICED_BOOKING_ADVANCE as ADVANCE, PRICED_BOOKING_OWED as OWED } from '../helpers/priced-booking';

const f = useApiFixture({ clock: '2025-12-01T10:00:00.000Z' });

/** March 2026: the advance (600 €, two people) is due 15.12.2025 and the rest 13.01.2026 (60 days before 14.03). */
const marchBooking = () => f.pricedBooking({ retreatMonth: 'mar-2026' });
const versionOf = async (id: number) => Number((await f.row(id)).version);
const buyer = { name: 'Mari Tamm', email: 'mari@example.com' };
const pay = (id: number, amount: string, body: Record<string, unknown> = {}) =>
  f.admin.b.send('POST', `/api/admin/bookings/${id}/payments`, { kind: 'payment', amount, method: 'bank_transfer', receivedOn: '2025-12-01', ...body });
const detail = async (id: number) => (await f.detail(id)) as BookingDetail;
async function issue(id: number): Promise<InvoiceView> {
  const res = await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: await versionOf(id), buyer });
  expect(res.status).toBe(201);
  return (await readJson(res)).invoice as InvoiceView;
}
/** Amounts are formatted with no-break spaces: read them as plain spaces. */
const plain = (text: unknown) => String(text).replace(/[\u00a0\u202f]/g, ' ');
const pdfText = async (invoiceId: number) => {
  const res = await f.admin.b.get(`/api/admin/invoices/${invoiceId}/pdf`);
  expect(res.status).toBe(200);
  return execFileSync('pdftotext', ['-layout', '-', '-'], { input: new Uint8Array(await res.arrayBuffer()) }).toString().replace(/\u00a0/g, ' ');
};

describe('the invoice asks for what the schedule asks', () => {
  it('after the advance is paid: no advance subtracted again, no "confirmed by paying the advance", the balance by its own day', async () => {
    const id = await marchBooking();
    expect((await pay(id, String(ADVANCE / 100))).status).toBe(201);
    const invoice = await issue(id);
    const doc = invoice.document;
    expect(doc).toMatchObject({ totalCents: OWED, paidCents: ADVANCE, outstandingCents: OWED - ADVANCE, remainingAfterAdvanceCents: null, dueOn: '2026-01-13' });
    expect(doc.schedule).toEqual([{ part: 'balance', dueOn: '2026-01-13', amountCents: OWED - ADVANCE }]);
    const text = await pdfText(invoice.id);
    expect(text).toContain('Tasuda');
    expect(text).toMatch(/Tasuda\s+1 594,50 €/);
    expect(text).not.toContain(INVOICE_TEXTS.remainingAfterAdvance);
    expect(text).not.toContain('Broneering kinnitatakse');
    expect(text).toContain('jääk 1 594,50 € hiljemalt 13.01.2026');
  });

  it('before the advance: the advance by its day, what remains after it by its own, and the e-mail asks the same', async () => {
    const id = await marchBooking();
    const invoice = await issue(id);
    expect(invoice.document).toMatchObject({ outstandingCents: OWED, remainingAfterAdvanceCents: OWED - ADVANCE, dueOn: '2025-12-15', paymentTermDays: 14 });
    const text = await pdfText(invoice.id);
    expect(text).toContain('Broneering kinnitatakse 600,00 € ettemaksu tasumisel.');
    expect(text).toMatch(/Jääk pärast ettemaksu\s+1 594,50 €/);
    expect(text).toContain('ettemaks 600,00 € hiljemalt 15.12.2025 ja jääk 1 594,50 € hiljemalt 13.01.2026');
    expect((await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {})).status).toBe(200);
    const [mail] = await f.app.rows(`SELECT text FROM email_outbox WHERE kind = 'invoice'`);
    expect(plain(mail!.text)).toContain('Palume tasuda ettemaks 600,00 € hiljemalt 15.12.2025 ja jääk 1 594,50 € hiljemalt 13.01.2026');
  });

  it('the e-mail of an invoice issued after the advance was paid asks for the rest, not the full total', async () => {
    const id = await marchBooking();
    await pay(id, String(ADVANCE / 100));
    const invoice = await issue(id);
    await f.admin.b.send('POST', `/api/admin/invoices/${invoice.id}/send`, {});
    const [mail] = await f.app.rows(`SELECT text FROM email_outbox WHERE kind = 'invoice'`);
    expect(plain(mail!.text)).toContain('Palume tasuda jääk 1 594,50 € hiljemalt 13.01.2026');
    expect(plain(mail!.text)).not.toMatch(/tasuda 2 194,50/);
  });
});

describe('one version issues at most one invoice', () => {
  it('50 concurrent requests with one version make exactly one invoice; the rest are 409', async () => {
    const id = await marchBooking();
    const version = await versionOf(id);
    const answers = await Promise.all(Array.from({ length: 50 }, () => f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version, buyer })));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(49);
    expect(await f.app.count('invoices')).toBe(1);
    expect(Number((await f.app.rows(`SELECT count(*) AS n FROM audit_logs WHERE action = 'invoice.issue'`))[0]!.n)).toBe(1);
  });

  it('after a payment, the version the detail now shows issues (the dialog sends the current one)', async () => {
    const id = await marchBooking();
    const before = await versionOf(id);
    await pay(id, '300');
    expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: before, buyer })).status).toBe(409);
    const preview = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/invoices`));
    expect((await f.admin.b.send('POST', `/api/admin/bookings/${id}/invoices`, { version: preview.version, buyer })).status).toBe(201);
  });
});

describe('a cancelled booking owes nothing more', () => {
  it('detail, list and both CSV exports show 0 still to pay; the payment is settled', async () => {
    const id = await f.pricedBooking({ lastName: 'Tühistaja' });
    await pay(id, '500');
    await issue(id);
    const preview = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/cancellation`));
    const cancel = await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.version, refund: '250', method: 'bank_transfer', reason: 'Haigus' });
    expect(cancel.status).toBe(200);
    const booking = await detail(id);
    expect(booking.totals).toMatchObject({ remainingCents: 0, overpaidCents: 0, paidCents: 25000 });
    const list = await readJson(await f.admin.b.get(`/api/admin/bookings?q=T%C3%BChistaja`));
    expect(list.items[0]).toMatchObject({ id, outstandingCents: 0 });
    const bookingsCsv = await (await f.admin.b.get('/api/admin/exports/bookings.csv?q=T%C3%BChistaja')).text();
    const row = bookingsCsv.split('\r\n').find((l) => l.includes('Tühistaja'))!;
    expect(row).toContain('Tasaarveldatud');
    // "Tagastada (€)", before the discount code's two columns.
    expect(row.split(';').at(-3)).toBe('0,00');
    // The booker becomes a client by the sync; the clients CSV sums what their bookings still owe: nothing.
    expect((await f.admin.b.send('POST', '/api/admin/clients/sync', {})).status).toBe(200);
    const clientsCsv = await (await f.admin.b.get('/api/admin/exports/clients.csv')).text();
    const clientRow = clientsCsv.split('\r\n').find((l) => l.includes('Tühistaja'))!;
    expect(clientRow.split(';').at(-1)).toBe('0,00');
  });

  it('takes refunds only: a payment is 409 and changes nothing', async () => {
    const id = await f.pricedBooking();
    await pay(id, '300');
    const preview = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/cancellation`));
    await f.admin.b.send('POST', `/api/admin/bookings/${id}/cancel`, { version: preview.version, refund: '0', method: 'bank_transfer' });
    const refused = await pay(id, '100');
    expect(refused.status).toBe(409);
    expect((await readJson(refused)).error.code).toBe('booking_cancelled');
    expect(await f.app.count('payments')).toBe(1);
    expect((await pay(id, '100', { kind: 'refund' })).status).toBe(201);
  });
});

describe('payments', () => {
  it('a reversal on an overdue booking keeps it overdue', async () => {
    const id = await f.pricedBooking();
    await pay(id, '100');
    await f.clock.set('2025-12-20T10:00:00.000Z'); // past the day everything was due (15.12.2025)
    expect(await f.jobs.markOverdue()).toBe(1);
    expect((await detail(id)).paymentStatus).toBe('overdue');
    const [entry] = await f.app.rows(`SELECT id FROM payments WHERE booking_id = ${id}`);
    const reversed = await f.admin.b.send('POST', `/api/admin/bookings/${id}/payments/${entry!.id}/reverse`, {});
    expect(reversed.status).toBe(201);
    expect((await detail(id)).paymentStatus).toBe('overdue');
    const ledger = await readJson(await f.admin.b.get(`/api/admin/bookings/${id}/payments`));
    expect(ledger.totals).toEqual({ receivedCents: 10000, refundedCents: -10000, paidCents: 0 });
  });

  it('refuses a single entry over 100 000 € with a field message, and writes nothing', async () => {
    const id = await f.pricedBooking();
    const res = await pay(id, '999999999,99', { overpayment: true });
    expect(res.status).toBe(422);
    expect((await readJson(res)).error.details[0]).toMatchObject({ path: 'amount', message: 'Ühe kande summa saab olla kuni 100 000 €.' });
    expect(await f.app.count('payments')).toBe(0);
  });

  it('a payment beyond what is owed needs confirming, and is then shown as an overpayment', async () => {
    const id = await f.pricedBooking();
    const refused = await pay(id, '2500');
    expect(refused.status).toBe(409);
    const error = (await readJson(refused)).error;
    expect(error.code).toBe('overpayment_unconfirmed');
    expect(error.details[0].path).toBe('amount');
    expect(plain(error.details[0].message)).toBe('Tasumata on 2 194,50 €.');
    expect(await f.app.count('payments')).toBe(0);
    expect((await pay(id, '2500', { overpayment: true })).status).toBe(201);
    const booking = await detail(id);
    expect(booking.totals).toMatchObject({ remainingCents: 0, overpaidCents: 250000 - OWED });
    expect(booking.paymentStatus).toBe('paid');
  });
});

describe('nothing in the books is deleted', () => {
  it('a booking with a payment or an invoice is 409 with the reason; one without goes', async () => {
    const paid = await f.pricedBooking();
    await pay(paid, '100');
    const invoiced = await f.pricedBooking();
    await issue(invoiced);
    for (const id of [paid, invoiced]) {
      const res = await f.admin.b.send('DELETE', `/api/admin/bookings/${id}`);
      expect(res.status).toBe(409);
      expect((await readJson(res)).error.code).toBe('booking_has_money');
      expect(await f.app.rows(`SELECT id FROM bookings WHERE id = ${id}`)).toHaveLength(1);
    }
    const plain = await f.pricedBooking();
    expect((await f.admin.b.send('DELETE', `/api/admin/bookings/${plain}`)).status).toBe(204);
  });

  it('a client whose booking is in the books is 409 and keeps everything', async () => {
    const id = await f.pricedBooking({ email: 'raamat@example.com' });
    await f.admin.b.send('POST', '/api/admin/clients/sync', {});
    await issue(id);
    const [client] = await f.app.rows(`SELECT id FROM customers WHERE email = 'raamat@example.com'`);
    const res = await f.admin.b.send('DELETE', `/api/admin/clients/${client!.id}`);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('client_has_money');
    expect(await f.app.rows(`SELECT id FROM bookings WHERE id = ${id}`)).toHaveLength(1);
  });

  it('a retreat with bookings is 409; its list row carries the count the confirmation states', async () => {
    const id = await f.pricedBooking();
    const [row] = await f.app.rows(`SELECT retreat_id FROM bookings WHERE id = ${id}`);
    const retreatId = Number(row!.retreat_id);
    const res = await f.admin.b.send('DELETE', `/api/admin/retreats/${retreatId}`);
    expect(res.status).toBe(409);
    expect((await readJson(res)).error.code).toBe('retreat_has_bookings');
    const list = await readJson(await f.admin.b.get('/api/admin/retreats?pageSize=50'));
    expect(list.items.find((r: { id: number }) => r.id === retreatId)).toMatchObject({ bookingCount: 1 });
  });
});

describe('places are counted one way', () => {
  it('confirming a booking beyond the places left is refused with the places named; capacity cannot go below the places taken', async () => {
    const first = await f.pricedBooking({ travelWith: 'with-companions', companions: [{ firstName: 'Jaan', lastName: 'Tamm', birthday: '1988-01-01' }] });
    const [row] = await f.app.rows(`SELECT retreat_id FROM bookings WHERE id = ${first}`);
    const retreatId = Number(row!.retreat_id);
    const setCapacity = async (capacity: number) => f.api('PUT', `/api/admin/retreats/${retreatId}`, { ...(await f.editionForm(retreatId)), capacity: String(capacity) });
    // The pending request (not on the waiting list) holds 2 places: capacity 1 is below them.
    const below = await setCapacity(1);
    expect(below.status).toBe(422);
    expect(below.body.error.details[0]).toMatchObject({ path: 'capacity', message: 'Kohtade arv ei saa olla väiksem kui juba võetud kohtade arv (2).' });
    expect((await setCapacity(3)).status).toBe(200);
    // A waiting-list request for 2 holds no place; confirming it with 1 left is refused, naming both numbers.
    const waiting = await f.pricedBooking({ travelWith: 'with-companions', companions: [{ firstName: 'Ann', lastName: 'Kask', birthday: '1990-01-01' }] });
    expect((await detail(waiting)).waitingList).toBe(true);
    const booking = await detail(waiting);
    const confirm = await f.admin.b.send('PATCH', `/api/admin/bookings/${waiting}`, {
      version: booking.version,
      status: 'confirmed',
      paymentStatus: booking.paymentStatus,
      roomType: booking.roomType,
      roomSharingPreference: booking.roomSharingPreference,
      bedTypePreference: booking.bedTypePreference,
      totalAmount: '1299',
      amountPaid: '0',
      depositAmount: null,
      specialRequests: booking.specialRequests,
      comments: booking.comments,
      extraFood: booking.extraFood,
    });
    expect(confirm.status).toBe(409);
    expect((await readJson(confirm)).error).toMatchObject({ code: 'retreat_full', message: 'Retriidil on vabu kohti 1, selle broneeringu kinnitamiseks on vaja 2.' });
    expect((await detail(waiting)).status).toBe('pending');
  });
});
